# right (in effect): no_symmetry_cut
import heapq
def lpt(tasks, cpus):
    loads = [0] * cpus; h = [(0, c) for c in range(cpus)]
    for x in sorted(tasks, reverse=True):
        l, c = heapq.heappop(h); loads[c] = l + x; heapq.heappush(h, (l + x, c))
    return loads
def min_makespan(tasks, cpus):
    if not tasks: return 0
    ts = sorted(tasks, reverse=True)
    best = max(lpt(ts, cpus))
    lb = max(ts[0], -(-sum(ts) // cpus))
    if best == lb: return best
    loads = [0] * cpus
    def go(i):
        nonlocal best
        if best == lb: return
        if i == len(ts):
            best = max(loads); return
        seen = set()
        for c in range(cpus):
            seen.add(loads[c])
            if loads[c] + ts[i] >= best: continue
            loads[c] += ts[i]; go(i + 1); loads[c] -= ts[i]
    go(0)
    return best
