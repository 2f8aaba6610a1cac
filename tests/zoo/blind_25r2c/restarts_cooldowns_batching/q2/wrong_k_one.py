# wrong: ignores ties on the top count (k = 1)
from collections import Counter
def least_interval(tasks, n):
    if not tasks:
        return 0
    c = Counter(tasks); m = max(c.values())
    return max(len(tasks), (m - 1) * (n + 1) + 1)
