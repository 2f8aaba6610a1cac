# Exercise 10 q3. Right: heap of (load, cpu).
import heapq
def lpt(tasks, cpus):
    h = [(0, c) for c in range(cpus)]
    loads = [0] * cpus
    for x in sorted(tasks, reverse=True):
        l, c = heapq.heappop(h); loads[c] = l + x; heapq.heappush(h, (l + x, c))
    return loads
