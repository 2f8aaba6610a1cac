# wrong: "at least n ticks between" read as a gap of n - 1 others
from collections import Counter
def least_interval(tasks, n):
    if not tasks:
        return 0
    c = Counter(tasks); m = max(c.values()); k = sum(v == m for v in c.values())
    return max(len(tasks), (m - 1) * max(n, 1) + k)
