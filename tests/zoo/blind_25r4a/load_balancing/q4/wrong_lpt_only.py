# wrong: returns LPT's makespan
import heapq
def lpt(tasks, cpus):
    loads = [0] * cpus; h = [(0, c) for c in range(cpus)]
    for x in sorted(tasks, reverse=True):
        l, c = heapq.heappop(h); loads[c] = l + x; heapq.heappush(h, (l + x, c))
    return loads
def min_makespan(tasks, cpus):
    return max(lpt(tasks, cpus)) if tasks else 0
