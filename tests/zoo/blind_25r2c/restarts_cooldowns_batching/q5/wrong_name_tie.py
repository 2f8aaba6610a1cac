# wrong: ties by name
import heapq
def top_k_longest(durations, k):
    h = []
    for seq, (name, d) in enumerate(durations):
        item = (d, name, name)
        if len(h) < k:
            heapq.heappush(h, item)
        elif k and item > h[0]:
            heapq.heapreplace(h, item)
    h.sort(reverse=True)
    h.sort(key=lambda x: (-x[0], x[2]))
    return [(name, d) for d, _, name in h]
