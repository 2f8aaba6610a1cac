# style: branch and bound, longest first, skip CPUs with equal loads, start from LPT's bound
import heapq
def min_makespan(tasks, cpus):
    ts = sorted(tasks, reverse=True)
    if not ts: return 0
    lb = max(ts[0], -(-sum(ts) // cpus))
    h = [(0, c) for c in range(cpus)]; loads0 = [0]*cpus
    for t in ts:
        l, c = heapq.heappop(h); loads0[c] = l + t; heapq.heappush(h, (l + t, c))
    best = [max(loads0)]
    loads = [0] * cpus
    def go(i):
        if best[0] == lb: return
        if i == len(ts):
            best[0] = min(best[0], max(loads)); return
        seen = set()
        for c in range(cpus):
            if loads[c] in seen: continue
            seen.add(loads[c])
            if loads[c] + ts[i] >= best[0]: continue
            loads[c] += ts[i]; go(i + 1); loads[c] -= ts[i]
    go(0)
    return best[0]
