# WRONG: ignores ties at max count
from collections import Counter
def least_interval(tasks, n):
    if not tasks:
        return 0
    c = Counter(tasks)
    m = max(c.values())
    k = sum(1 for x in c.values() if x == m)
    return max(len(tasks), (m - 1) * (n + 1) + 1)
