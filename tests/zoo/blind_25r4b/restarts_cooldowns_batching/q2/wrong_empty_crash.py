# WRONG: empty list crashes
from collections import Counter
def least_interval(tasks, n):
    c = Counter(tasks)
    m = max(c.values())
    k = sum(1 for x in c.values() if x == m)
    return max(len(tasks), (m - 1) * (n + 1) + k)
