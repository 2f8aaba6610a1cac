# right (unusual): heapreplace and a final sort of the heap back into CPU order
import heapq
def lpt(tasks, cpus):
    h = [(0, c) for c in range(cpus)]
    for t in sorted(tasks, key=lambda x: -x):
        l, c = h[0]
        heapq.heapreplace(h, (l + t, c))
    return [l for l, c in sorted(h, key=lambda e: e[1])]
