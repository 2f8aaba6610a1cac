# mistake: no guard for an empty list (max of empty)
from collections import Counter
def least_interval(tasks, n):
    c = Counter(tasks); m = max(c.values())
    k = sum(1 for v in c.values() if v == m)
    return max(len(tasks), (m - 1) * (n + 1) + k)
