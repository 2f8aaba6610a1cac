# wrong: returns the makespan as a float
def min_makespan(tasks, cpus):
    if not tasks:
        return 0.0
    ts = sorted(tasks, reverse=True)
    best = [float(sum(ts))]
    loads = [0] * cpus
    def dfs(i, cur):
        if i == len(ts):
            best[0] = float(cur); return
        seen = set()
        for c in range(cpus):
            l = loads[c]
            if l in seen or l + ts[i] >= best[0]:
                continue
            seen.add(l); loads[c] = l + ts[i]
            dfs(i + 1, max(cur, l + ts[i])); loads[c] = l
    dfs(0, 0)
    return best[0]
