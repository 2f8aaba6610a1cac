# wrong: returns (duration, name) pairs
import heapq
def top_k_longest(durations, k):
    h = []
    for seq, (name, d) in enumerate(durations):
        item = (d, -seq, name)
        if len(h) < k:
            heapq.heappush(h, item)
        elif k and item > h[0]:
            heapq.heapreplace(h, item)
    h.sort(reverse=True)
    return [(d, name) for d, _, name in h]
