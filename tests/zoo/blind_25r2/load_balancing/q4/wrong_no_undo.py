# wrong: backtracking that forgets to undo a placement
def min_makespan(tasks, cpus):
    if not tasks:
        return 0
    ts = sorted(tasks, reverse=True)
    best = [sum(ts)]
    loads = [0] * cpus
    def dfs(i):
        if i == len(ts):
            best[0] = min(best[0], max(loads)); return
        seen = set()
        for c in range(cpus):
            if loads[c] in seen or loads[c] + ts[i] >= best[0]:
                continue
            seen.add(loads[c])
            loads[c] += ts[i]
            dfs(i + 1)
    dfs(0)
    return best[0]
