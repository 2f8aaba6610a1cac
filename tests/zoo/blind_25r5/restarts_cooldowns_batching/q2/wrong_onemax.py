# 11 q2. Wrong: counts only one type at the maximum count.
# Breaks: "The fewest ticks ... to run every task"
from collections import Counter
def least_interval(tasks, n):
    if not tasks:
        return 0
    m = max(Counter(tasks).values())
    return max(len(tasks), (m - 1) * (n + 1) + 1)
