# Exercise 10 q3. WRONG tie: the highest-numbered CPU wins a tie. Breaks "(the lowest-numbered CPU on a tie)".
import heapq
def lpt(tasks, cpus):
    h = [(0, -c) for c in range(cpus)]
    loads = [0] * cpus
    for x in sorted(tasks, reverse=True):
        l, c = heapq.heappop(h); loads[-c] = l + x; heapq.heappush(h, (l + x, c))
    return loads
