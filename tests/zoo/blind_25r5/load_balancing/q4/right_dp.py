# Exercise 10 q4. RIGHT, unusual: binary search on the makespan with a bin-packing feasibility search (memo on sorted loads).
from functools import lru_cache
def min_makespan(tasks, cpus):
    if not tasks: return 0
    xs = sorted(tasks, reverse=True)
    def feasible(cap):
        @lru_cache(maxsize=None)
        def go(i, loads):
            if i == len(xs): return True
            seen = set()
            for c, l in enumerate(loads):
                if l in seen or l + xs[i] > cap: continue
                seen.add(l)
                nl = list(loads); nl[c] += xs[i]
                if go(i + 1, tuple(sorted(nl))): return True
            return False
        return go(0, tuple([0] * cpus))
    lo = max(xs[0], -(-sum(xs) // cpus))
    loads = [0] * cpus
    for x in xs: loads[loads.index(min(loads))] += x
    hi = max(loads)
    while lo < hi:
        mid = (lo + hi) // 2
        if feasible(mid): hi = mid
        else: lo = mid + 1
    return lo
