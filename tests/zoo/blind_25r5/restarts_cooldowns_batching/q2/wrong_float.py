# 11 q2. Wrong: returns a float.
# Breaks: "Return an int."
from collections import Counter
def least_interval(tasks, n):
    if not tasks:
        return 0
    c = Counter(tasks)
    m = max(c.values())
    ties = sum(1 for v in c.values() if v == m)
    return float(max(len(tasks), (m - 1) * (n + 1) + ties))
