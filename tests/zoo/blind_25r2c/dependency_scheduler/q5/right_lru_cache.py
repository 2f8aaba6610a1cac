# right: memoised recursion returning (length, path) tuples
from functools import lru_cache
def critical_path(jobs):
    @lru_cache(maxsize=None)
    def longest_to(n):
        cands = [longest_to(d) for d in jobs[n][2]]
        l, p = max(cands, key=lambda x: x[0], default=(0, ()))
        return (l + jobs[n][1], p + (n,))
    if not jobs:
        return (0, [])
    l, p = max((longest_to(n) for n in jobs), key=lambda x: x[0])
    return (l, list(p))
