# wrong: returns a generator, not a list
import heapq
def top_k_longest(durations, k):
    h = []
    for seq, (name, d) in enumerate(durations):
        item = (d, -seq, name)
        if len(h) < k:
            heapq.heappush(h, item)
        elif k and item > h[0]:
            heapq.heapreplace(h, item)
    return ((name, d) for d, _, name in sorted(h, reverse=True))
