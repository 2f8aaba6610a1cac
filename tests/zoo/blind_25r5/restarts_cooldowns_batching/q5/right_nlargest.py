# 11 q5. Right but unusual: heapq.nlargest with a key (stable, O(k) memory).
import heapq
def top_k_longest(durations, k):
    return heapq.nlargest(k, durations, key=lambda p: p[1])
    h = []
    if k <= 0:
        for _ in durations:
            pass
        return []
    for i, (name, d) in enumerate(durations):
        if len(h) < k:
            heapq.heappush(h, (d, -i, name))
        elif (d, -i) > h[0][:2]:
            heapq.heapreplace(h, (d, -i, name))
    h.sort(reverse=True)
    return [(name, d) for d, _, name in h]
