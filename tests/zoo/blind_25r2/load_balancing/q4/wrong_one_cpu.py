# wrong: special case "one CPU runs the largest task" (should be the total)
def min_makespan(tasks, cpus):
    if not tasks:
        return 0
    if cpus == 1:
        return max(tasks)
    ts = sorted(tasks, reverse=True)
    best = [sum(ts) + 1]
    loads = [0] * cpus
    def dfs(i, cur):
        if i == len(ts):
            best[0] = cur; return
        seen = set()
        for c in range(cpus):
            l = loads[c]
            if l in seen or l + ts[i] >= best[0]:
                continue
            seen.add(l); loads[c] = l + ts[i]
            dfs(i + 1, max(cur, l + ts[i])); loads[c] = l
    dfs(0, 0)
    return best[0]
