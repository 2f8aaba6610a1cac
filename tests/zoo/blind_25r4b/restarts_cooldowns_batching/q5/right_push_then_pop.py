# RIGHT: push then pop (k+1 held briefly, allowed)
import heapq, itertools
def top_k_longest(durations, k):
    h = []
    for i, (name, d) in enumerate(durations):
        e = (d, -i, name)
        if len(h) < k:
            heapq.heappush(h, e)
        elif k > 0 and e > h[0]:
            heapq.heappush(h, e); heapq.heappop(h)
    return [(n, d) for d, _, n in sorted(h, reverse=True)]
