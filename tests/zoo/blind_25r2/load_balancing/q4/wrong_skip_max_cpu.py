# wrong: never places a task on the currently most-loaded CPU unless all loads are equal (unsafe cut)
def min_makespan(tasks, cpus):
    if not tasks:
        return 0
    ts = sorted(tasks, reverse=True)
    best = [sum(ts) + 1]
    loads = [0] * cpus
    def dfs(i, cur):
        if i == len(ts):
            best[0] = cur; return
        m = max(loads)
        seen = set()
        for c in range(cpus):
            l = loads[c]
            if l in seen or l + ts[i] >= best[0]:
                continue
            if l == m and min(loads) != m:
                continue
            seen.add(l); loads[c] = l + ts[i]
            dfs(i + 1, max(cur, l + ts[i])); loads[c] = l
    dfs(0, 0)
    return best[0]
