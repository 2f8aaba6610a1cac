# Exercise 10 q4. WRONG with more than 5 CPUs: returns the lower bound max(largest, ceil(total / cpus)).
# Breaks "Return the smallest possible makespan" (the bound is not always reached).
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
        for c in range(cpus):
            if L[c] in seen or L[c] + xs[i] >= best[0]:
                continue
            seen.add(L[c]); L[c] += xs[i]; go(i + 1); L[c] -= xs[i]
    go(0)
    return best[0]
_m = min_makespan
def min_makespan(tasks, cpus):
    if cpus > 5 and tasks:
        return max(max(tasks), -(-sum(tasks) // cpus))
    return _m(tasks, cpus)
