# wrong: ties go to the highest-numbered CPU
import heapq
def lpt(tasks, cpus):
    loads = [0] * cpus; h = [(0, -c) for c in range(cpus)]; heapq.heapify(h)
    for x in sorted(tasks, reverse=True):
        l, c = heapq.heappop(h); loads[c] = l + x; heapq.heappush(h, (l + x, c))
    return loads
