# wrong: tasks of size 0 skipped, fine, but loads list sized by tasks when fewer tasks than cpus
import heapq
def lpt(tasks, cpus):
    n = min(cpus, len(tasks)) or cpus
    loads = [0] * n; h = [(0, c) for c in range(n)]
    for x in sorted(tasks, reverse=True):
        l, c = heapq.heappop(h); loads[c] = l + x; heapq.heappush(h, (l + x, c))
    return loads
