# wrong: pads with (None, 0) when fewer than k jobs came
import heapq
def top_k_longest(durations, k):
    h = []
    for seq, (name, d) in enumerate(durations):
        item = (d, -seq, name)
        if len(h) < k:
            heapq.heappush(h, item)
        elif k and item > h[0]:
            heapq.heapreplace(h, item)
    out = [(name, d) for d, _, name in sorted(h, reverse=True)]
    return out + [(None, 0)] * (k - len(out))
