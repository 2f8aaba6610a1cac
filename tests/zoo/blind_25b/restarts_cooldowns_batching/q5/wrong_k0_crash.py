# mistake: k = 0 not handled (h[0] on an empty heap)
import heapq
def top_k_longest(durations, k):
    h = []
    for i, (name, d) in enumerate(durations):
        if len(h) < k:
            heapq.heappush(h, (d, -i, name))
        elif d > h[0][0]:
            heapq.heapreplace(h, (d, -i, name))
    h.sort(key=lambda e: (-e[0], -e[1]))
    return [(name, d) for d, _, name in h]
