# wrong: max() of an empty Counter crashes on no tasks
from collections import Counter
def least_interval(tasks, n):
    c = Counter(tasks); m = max(c.values()); k = sum(v == m for v in c.values())
    return max(len(tasks), (m - 1) * (n + 1) + k)
