# wrong: n used as a flag (a cooldown of 1 whenever n > 0)
from collections import Counter
def least_interval(tasks, n):
    if not tasks:
        return 0
    c = Counter(tasks); m = max(c.values()); k = sum(v == m for v in c.values())
    return max(len(tasks), (m - 1) * (bool(n) + 1) + k)
