# wrong: heap of loads only, returned in heap order
import heapq
def lpt(tasks, cpus):
    h = [0] * cpus
    for x in sorted(tasks, reverse=True):
        heapq.heapreplace(h, h[0] + x)
    return h
