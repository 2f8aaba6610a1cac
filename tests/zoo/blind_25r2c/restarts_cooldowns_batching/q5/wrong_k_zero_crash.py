# wrong: k = 0: compares with h[0] of an empty heap
import heapq
def top_k_longest(durations, k):
    h = []
    for seq, (name, d) in enumerate(durations):
        item = (d, -seq, name)
        if len(h) < k:
            heapq.heappush(h, item)
        elif item > h[0]:
            heapq.heapreplace(h, item)
    h.sort(reverse=True)
    return [(name, d) for d, _, name in h]
