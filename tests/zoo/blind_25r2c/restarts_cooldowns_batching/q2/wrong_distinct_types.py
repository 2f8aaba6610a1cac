# wrong: k = number of distinct types (not those tied on the max)
from collections import Counter
def least_interval(tasks, n):
    if not tasks:
        return 0
    c = Counter(tasks); m = max(c.values())
    return max(len(tasks), (m - 1) * (n + 1) + len(c))
