# wrong: stops the search after 2000 branches and returns the best so far (not proven minimal)
def min_makespan(tasks, cpus):
    if not tasks:
        return 0
    ts = sorted(tasks, reverse=True)
    loads = [0] * cpus
    for t in ts:
        c = min(range(cpus), key=loads.__getitem__); loads[c] += t
    best = [max(loads)]
    loads = [0] * cpus
    budget = [2000]
    def dfs(i, cur):
        if budget[0] <= 0:
            return
        budget[0] -= 1
        if i == len(ts):
            best[0] = cur; return
        for c in range(cpus):
            l = loads[c]
            if l + ts[i] >= best[0]:
                continue
            loads[c] = l + ts[i]
            dfs(i + 1, max(cur, l + ts[i])); loads[c] = l
    dfs(0, 0)
    return best[0]
