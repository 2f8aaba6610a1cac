# mistake: heap keyed (duration, name): equal durations ordered by name
import heapq
def top_k_longest(durations, k):
    if k <= 0: return []
    h = []
    for name, d in durations:
        if len(h) < k:
            heapq.heappush(h, (d, name))
        elif (d, name) > h[0]:
            heapq.heapreplace(h, (d, name))
    h.sort(reverse=True)
    return [(name, d) for d, name in h]
