# Exercise 10 q3. WRONG with more than 4 CPUs: tasks go round robin onto CPUs. Breaks "each on the CPU with the least load so far".
import heapq
def lpt(tasks, cpus):
    h = [(0, c) for c in range(cpus)]
    loads = [0] * cpus
    for x in sorted(tasks, reverse=True):
        l, c = heapq.heappop(h); loads[c] = l + x; heapq.heappush(h, (l + x, c))
    return loads
_l = lpt
def lpt(tasks, cpus):
    if cpus <= 4: return _l(tasks, cpus)
    loads = [0] * cpus
    for k, x in enumerate(sorted(tasks, reverse=True)): loads[k % cpus] += x
    return loads
