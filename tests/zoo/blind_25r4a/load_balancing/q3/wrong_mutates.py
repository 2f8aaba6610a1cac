# wrong: sorts the caller's list in place
import heapq
def lpt(tasks, cpus):
    loads = [0] * cpus; h = [(0, c) for c in range(cpus)]
    tasks.sort(reverse=True)
    for x in tasks:
        l, c = heapq.heappop(h); loads[c] = l + x; heapq.heappush(h, (l + x, c))
    return loads
