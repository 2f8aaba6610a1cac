# wrong: the heap lives at module level and is never reset between calls
import heapq
_h = []
def top_k_longest(durations, k):
    for seq, (name, d) in enumerate(durations):
        item = (d, -seq, name)
        if len(_h) < k:
            heapq.heappush(_h, item)
        elif k and item > _h[0]:
            heapq.heapreplace(_h, item)
    return [(name, d) for d, _, name in sorted(_h, reverse=True)]
