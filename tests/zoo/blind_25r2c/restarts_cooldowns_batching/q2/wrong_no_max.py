# wrong: formula without the max
from collections import Counter
def least_interval(tasks, n):
    if not tasks:
        return 0
    c = Counter(tasks); m = max(c.values()); k = sum(v == m for v in c.values())
    return (m - 1) * (n + 1) + k
