# mistake: lower bound sum / cpus kept as a float and returned when the search reaches it (4.0, not 4)
import heapq
def min_makespan(tasks, cpus):
    ts = sorted(tasks, reverse=True)
    if not ts: return 0
    lb = max(ts[0], sum(ts) / cpus)
    best = [float('inf')]
    loads = [0] * cpus
    def go(i):
        if best[0] <= lb: return
        if i == len(ts):
            best[0] = min(best[0], max(loads)); return
        seen = set()
        for c in range(cpus):
            if loads[c] in seen: continue
            seen.add(loads[c])
            if loads[c] + ts[i] >= best[0]: continue
            loads[c] += ts[i]; go(i + 1); loads[c] -= ts[i]
    go(0)
    return max(lb, best[0])
