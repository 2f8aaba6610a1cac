# wrong: largest differencing (Karmarkar-Karp) for 2 CPUs, LPT otherwise: heuristics
import heapq
def min_makespan(tasks, cpus):
    if not tasks:
        return 0
    if cpus == 2:
        h = [-t for t in tasks]; heapq.heapify(h)
        while len(h) > 1:
            a, b = -heapq.heappop(h), -heapq.heappop(h)
            heapq.heappush(h, -(a - b))
        diff = -h[0]
        return (sum(tasks) + diff) // 2
    loads = [0] * cpus
    for t in sorted(tasks, reverse=True):
        c = min(range(cpus), key=loads.__getitem__); loads[c] += t
    return max(loads)
