# mistake: tick simulation that runs the first available type (not the one with most left)
from collections import Counter
def least_interval(tasks, n):
    left = Counter(tasks); ready_at = {k: 0 for k in left}; t = 0
    while left:
        av = [k for k in left if ready_at[k] <= t]
        if av:
            k = av[0]
            left[k] -= 1; ready_at[k] = t + n + 1
            if left[k] == 0: del left[k]
        t += 1
    return t
