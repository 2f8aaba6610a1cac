# wrong: computes with a float division and returns a float
from collections import Counter
def least_interval(tasks, n):
    if not tasks:
        return 0
    c = Counter(tasks); m = max(c.values()); k = sum(v == m for v in c.values())
    return max(len(tasks) / 1, (m - 1) * (n + 1) + k / 1)
