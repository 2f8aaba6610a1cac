# right (unusual): DFS over multisets of loads with memoisation (state = sorted loads tuple)
from functools import lru_cache
def min_makespan(tasks, cpus):
    if not tasks:
        return 0
    ts = tuple(sorted(tasks, reverse=True))
    @lru_cache(maxsize=None)
    def go(i, loads):
        if i == len(ts):
            return max(loads)
        best = None
        for l in set(loads):
            k = list(loads); k[k.index(l)] = l + ts[i]
            r = go(i + 1, tuple(sorted(k)))
            if best is None or r < best:
                best = r
        return best
    return go(0, (0,) * cpus)
