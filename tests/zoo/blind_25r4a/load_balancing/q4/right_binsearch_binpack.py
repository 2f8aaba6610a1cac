# right: binary search on the makespan with an exact bin-packing feasibility search
def min_makespan(tasks, cpus):
    if not tasks: return 0
    ts = sorted(tasks, reverse=True)
    def can(limit):
        loads = [0] * cpus
        def go(i):
            if i == len(ts): return True
            seen = set()
            for c in range(cpus):
                if loads[c] in seen or loads[c] + ts[i] > limit: continue
                seen.add(loads[c]); loads[c] += ts[i]
                if go(i + 1): return True
                loads[c] -= ts[i]
            return False
        return go(0)
    lo = max(ts[0], -(-sum(ts) // cpus)); hi = sum(ts)
    while lo < hi:
        mid = (lo + hi) // 2
        if can(mid): hi = mid
        else: lo = mid + 1
    return lo
