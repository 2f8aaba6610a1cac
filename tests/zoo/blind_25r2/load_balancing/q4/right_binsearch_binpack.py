# right (unusual): binary search on the makespan T with an exact bin-packing check (DFS, memo on sorted loads)
def min_makespan(tasks, cpus):
    if not tasks:
        return 0
    ts = sorted(tasks, reverse=True)
    def can(T):
        loads = [0] * cpus
        seen = set()
        def go(i):
            if i == len(ts):
                return True
            key = (i, tuple(sorted(loads)))
            if key in seen:
                return False
            seen.add(key)
            tried = set()
            for c in range(cpus):
                if loads[c] in tried or loads[c] + ts[i] > T:
                    continue
                tried.add(loads[c])
                loads[c] += ts[i]
                if go(i + 1):
                    return True
                loads[c] -= ts[i]
            return False
        return go(0)
    lo, hi = max(ts[0], -(-sum(ts) // cpus)), sum(ts)
    while lo < hi:
        mid = (lo + hi) // 2
        if can(mid):
            hi = mid
        else:
            lo = mid + 1
    return lo
