# wrong: default-argument cache keyed on the sorted tasks only (ignores cpus)
def min_makespan(tasks, cpus, _c={}):
    if not tasks:
        return 0
    key = tuple(sorted(tasks))
    if key in _c:
        return _c[key]
    ts = sorted(tasks, reverse=True)
    best = [sum(ts)]
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
    best[0] = sum(ts) + 1
    dfs(0, 0)
    _c[key] = best[0]
    return best[0]
