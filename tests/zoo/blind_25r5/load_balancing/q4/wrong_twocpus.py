# Exercise 10 q4. WRONG: each task only tries the two least-loaded CPUs. Breaks "a search that tries every CPU for a task".
import heapq
def min_makespan(tasks, cpus):
    if not tasks:
        return 0
    xs = sorted(tasks, reverse=True)
    h = [(0, c) for c in range(cpus)]; loads = [0] * cpus
    for x in xs:
        l, c = heapq.heappop(h); loads[c] = l + x; heapq.heappush(h, (l + x, c))
    best = [max(loads)]
    lb = max(xs[0], -(-sum(xs) // cpus))
    L = [0] * cpus
    def go(i):
        if best[0] == lb:
            return
        if i == len(xs):
            best[0] = min(best[0], max(L)); return
        seen = set()
        for c in sorted(range(cpus), key=lambda c: L[c])[:2]:
            if L[c] in seen or L[c] + xs[i] >= best[0]:
                continue
            seen.add(L[c]); L[c] += xs[i]; go(i + 1); L[c] -= xs[i]
    go(0)
    return best[0]
