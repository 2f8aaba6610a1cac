# wrong: counts full frames, the last frame padded with idle ticks too
from collections import Counter
def least_interval(tasks, n):
    if not tasks:
        return 0
    c = Counter(tasks); m = max(c.values())
    return max(len(tasks), m * (n + 1))
