# Exercise 10 q1. RIGHT, unusual: prefix sums and bisect jumps, one jump per block.
from bisect import bisect_right
from itertools import accumulate
def fits(tasks, cpus, limit):
    if any(x > limit for x in tasks): return False
    pre = [0] + list(accumulate(tasks)); i, n, blocks = 0, len(tasks), 0
    while i < n:
        j = bisect_right(pre, pre[i] + limit) - 1
        blocks += 1; i = j
        if blocks > cpus: return False
    return True
