# wrong: frames of n ticks, not n + 1
from collections import Counter
def least_interval(tasks, n):
    if not tasks:
        return 0
    c = Counter(tasks); m = max(c.values()); k = sum(v == m for v in c.values())
    return max(len(tasks), (m - 1) * n + k)
