# style: memoised recursion on "longest chain ending at n"
import sys
from functools import lru_cache
def critical_path(jobs):
    if not jobs: return (0, [])
    sys.setrecursionlimit(10000)
    @lru_cache(None)
    def best(n):
        pr, du, deps = jobs[n]
        if not deps: return (du, (n,))
        l, p = max((best(d) for d in deps), key=lambda x: x[0])
        return (l + du, p + (n,))
    l, p = max((best(n) for n in jobs), key=lambda x: x[0])
    return (l, list(p))
