# WRONG: iterates the stream twice (second pass sees nothing)
import heapq
def top_k_longest(durations, k):
    n = sum(1 for _ in durations)
    h = []
    for i, (name, d) in enumerate(durations):
        e = (d, -i, name)
        if len(h) < k:
            heapq.heappush(h, e)
        elif k > 0 and e > h[0]:
            heapq.heapreplace(h, e)
    return [(nm, d) for d, _, nm in sorted(h, reverse=True)]
