# right (unusual): prefix sums and bisect to jump to each block's end
import bisect
from itertools import accumulate
def fits(tasks, cpus, limit):
    if any(t > limit for t in tasks):
        return False
    pre = list(accumulate(tasks, initial=0))
    i, blocks = 0, 0
    while i < len(tasks):
        j = bisect.bisect_right(pre, pre[i] + limit) - 1
        blocks += 1
        if blocks > cpus:
            return False
        i = max(j, i + 1)
    return True
