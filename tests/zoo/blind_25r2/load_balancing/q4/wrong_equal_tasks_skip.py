# wrong: "equal tasks are interchangeable": places each distinct size once on each CPU, then
# puts the remaining copies by LPT (unsafe symmetry cut)
def min_makespan(tasks, cpus):
    if not tasks:
        return 0
    ts = sorted(tasks, reverse=True)
    uniq, rest = [], []
    for t in ts:
        (rest if t in uniq else uniq).append(t)
    best = [None]
    loads = [0] * cpus
    def dfs(i):
        if i == len(uniq):
            l2 = list(loads)
            for t in rest:
                c = min(range(cpus), key=l2.__getitem__); l2[c] += t
            m = max(l2)
            if best[0] is None or m < best[0]:
                best[0] = m
            return
        seen = set()
        for c in range(cpus):
            if loads[c] in seen:
                continue
            seen.add(loads[c]); loads[c] += uniq[i]; dfs(i + 1); loads[c] -= uniq[i]
    dfs(0)
    return best[0]
