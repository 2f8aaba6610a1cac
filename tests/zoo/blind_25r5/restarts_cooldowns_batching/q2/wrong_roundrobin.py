# 11 q2. Wrong: a simulation that runs any available type (first seen first), not the one with most left.
# Breaks: "The fewest ticks"
from collections import Counter
def least_interval(tasks, n):
    left = dict(Counter(tasks))
    ready_at = {k: 0 for k in left}
    t = 0
    while any(left.values()):
        for k in left:
            if left[k] and ready_at[k] <= t:
                left[k] -= 1
                ready_at[k] = t + n + 1
                break
        t += 1
    return t
