# wrong: branches only on the least-loaded CPU and the most-loaded one that still fits (incomplete)
def min_makespan(tasks, cpus):
    if not tasks:
        return 0
    ts = sorted(tasks, reverse=True)
    best = [float("inf")]
    loads = [0] * cpus
    def dfs(i):
        if i == len(ts):
            best[0] = min(best[0], max(loads)); return
        lo = min(range(cpus), key=loads.__getitem__)
        fit = [c for c in range(cpus) if loads[c] + ts[i] < best[0]]
        hi = max(fit, key=loads.__getitem__) if fit else lo
        for c in {lo, hi}:
            loads[c] += ts[i]
            if max(loads) < best[0]:
                dfs(i + 1)
            loads[c] -= ts[i]
    dfs(0)
    return best[0]
