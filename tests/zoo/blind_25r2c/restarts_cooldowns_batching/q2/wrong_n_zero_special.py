# wrong: n == 0 returns the number of distinct types
from collections import Counter
def least_interval(tasks, n):
    if not tasks:
        return 0
    c = Counter(tasks)
    if n == 0:
        return len(c)
    m = max(c.values()); k = sum(v == m for v in c.values())
    return max(len(tasks), (m - 1) * (n + 1) + k)
