# 11 q2. Right: the idle-slot formula.
from collections import Counter
def least_interval(tasks, n):
    if not tasks:
        return 0
    c = Counter(tasks)
    m = max(c.values())
    ties = sum(1 for v in c.values() if v == m)
    return max(len(tasks), (m - 1) * (n + 1) + ties)
