# wrong: ties go to the highest-numbered CPU
import heapq
def lpt(tasks, cpus):
    h = [(0, -c) for c in range(cpus)]
    heapq.heapify(h)
    loads = [0] * cpus
    for t in sorted(tasks, reverse=True):
        l, c = heapq.heappop(h)
        loads[-c] = l + t
        heapq.heappush(h, (l + t, c))
    return loads
