# 11 q2. Wrong: a gap of n ticks counted as n - 1 others between two of a type when n > 5 (big gaps only).
# Breaks: "need at least n other ticks between them"
from collections import Counter
def least_interval(tasks, n):
    if not tasks:
        return 0
    g = n - 1 if n > 5 else n
    c = Counter(tasks)
    m = max(c.values())
    ties = sum(1 for v in c.values() if v == m)
    return max(len(tasks), (m - 1) * (g + 1) + ties)
