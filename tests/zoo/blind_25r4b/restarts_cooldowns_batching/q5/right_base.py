# RIGHT: size-k min-heap, (d, -i)
import heapq, itertools
def top_k_longest(durations, k):
    h = []
    for i, (name, d) in enumerate(durations):
        e = (d, -i, name)
        if len(h) < k:
            heapq.heappush(h, e)
        elif k > 0 and e > h[0]:
            heapq.heapreplace(h, e)
    return [(n, d) for d, _, n in sorted(h, reverse=True)]
