# wrong: caches by n only (a module-level dict kept across calls)
from collections import Counter
_cache = {}
def least_interval(tasks, n):
    key = (len(tasks), n)
    if key in _cache:
        return _cache[key]
    if not tasks:
        return 0
    c = Counter(tasks); m = max(c.values()); k = sum(v == m for v in c.values())
    _cache[key] = r = max(len(tasks), (m - 1) * (n + 1) + k)
    return r
