# Exercise 10 q3. WRONG for sizes above 10**6: they are placed in input order, not longest first.
# Breaks "Place the tasks longest first".
import heapq
def lpt(tasks, cpus):
    h = [(0, c) for c in range(cpus)]
    loads = [0] * cpus
    for x in sorted(tasks, key=lambda x: -min(x, 10**6)):
        l, c = heapq.heappop(h); loads[c] = l + x; heapq.heappush(h, (l + x, c))
    return loads
