# mistake: an equal duration replaces the oldest kept one (>= instead of >), keeping later arrivals
import heapq
def top_k_longest(durations, k):
    if k <= 0: return []
    h = []
    for i, (name, d) in enumerate(durations):
        if len(h) < k:
            heapq.heappush(h, (d, i, name))
        elif d >= h[0][0]:
            heapq.heapreplace(h, (d, i, name))
    h.sort(key=lambda e: (-e[0], e[1]))
    return [(name, d) for d, _, name in h]
