# right: longest first, start from LPT, skip CPUs with equal loads, cut at >= best, stop at the bound
import heapq
def min_makespan(tasks, cpus):
    if not tasks:
        return 0
    ts = sorted(tasks, reverse=True)
    h = [(0, c) for c in range(cpus)]
    for t in ts:
        l, c = heapq.heappop(h); heapq.heappush(h, (l + t, c))
    best = max(l for l, _ in h)
    lb = max(ts[0], -(-sum(ts) // cpus))
    loads = [0] * cpus
    def dfs(i, cur):
        nonlocal best
        if best == lb:
            return
        if i == len(ts):
            best = cur; return
        seen = set()
        for c in range(cpus):
            l = loads[c]
            if l in seen or l + ts[i] >= best:
                continue
            seen.add(l)
            loads[c] = l + ts[i]
            dfs(i + 1, max(cur, l + ts[i]))
            loads[c] = l
    dfs(0, 0)
    return best
