# wrong: key (duration, seq): on ties the earliest is evicted first
import heapq
def top_k_longest(durations, k):
    h = []
    for seq, (name, d) in enumerate(durations):
        item = (d, seq, name)
        if len(h) < k:
            heapq.heappush(h, item)
        elif k and item > h[0]:
            heapq.heapreplace(h, item)
    h.sort(key=lambda x: (-x[0], x[1]))
    return [(name, d) for d, _, name in h]
