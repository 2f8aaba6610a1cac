# wrong: greedy that runs the first available type in first-seen order (not the one with most left)
from collections import Counter
def least_interval(tasks, n):
    left = Counter(tasks); order = list(dict.fromkeys(tasks)); last = {}
    t = 0
    while sum(left.values()):
        for x in order:
            if left[x] and (x not in last or t - last[x] > n):
                left[x] -= 1; last[x] = t
                break
        t += 1
    return t
