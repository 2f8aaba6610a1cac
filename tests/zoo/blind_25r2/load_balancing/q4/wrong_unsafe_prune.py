# wrong: prunes every placement above the lower bound (unsafe), falls back to LPT when nothing meets it
def min_makespan(tasks, cpus):
    if not tasks:
        return 0
    ts = sorted(tasks, reverse=True)
    lb = max(ts[0], -(-sum(ts) // cpus))
    loads = [0] * cpus
    for t in ts:
        c = min(range(cpus), key=loads.__getitem__); loads[c] += t
    fallback = max(loads)
    loads = [0] * cpus
    def dfs(i):
        if i == len(ts):
            return True
        for c in range(cpus):
            if loads[c] + ts[i] <= lb:
                loads[c] += ts[i]
                if dfs(i + 1):
                    return True
                loads[c] -= ts[i]
        return False
    return lb if dfs(0) else fallback
