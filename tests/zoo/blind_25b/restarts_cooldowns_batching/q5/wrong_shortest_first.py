# mistake: returns the k longest shortest-first (heap order after sort ascending)
import heapq
def top_k_longest(durations, k):
    if k <= 0: return []
    h = []
    for i, (name, d) in enumerate(durations):
        if len(h) < k:
            heapq.heappush(h, (d, -i, name))
        elif d > h[0][0]:
            heapq.heapreplace(h, (d, -i, name))
    h.sort()
    return [(name, d) for d, _, name in h]
