# right: output sorted by (-duration, seq) written through the stored -seq (first thought a mistake)
import heapq
def top_k_longest(durations, k):
    h = []
    for seq, (name, d) in enumerate(durations):
        item = (d, -seq, name)
        if len(h) < k:
            heapq.heappush(h, item)
        elif k and item > h[0]:
            heapq.heapreplace(h, item)
    h.sort(key=lambda x: (-x[0], -x[1]))
    return [(name, d) for d, _, name in h]
