# 11 q5. Wrong: the arrival index wraps at 1000, so ties are right only in short streams.
# Breaks: "equal durations in the order they came"
import heapq
def top_k_longest(durations, k):
    h = []
    if k <= 0:
        for _ in durations:
            pass
        return []
    for i, (name, d) in enumerate(durations):
        i = i % 1000
        if len(h) < k:
            heapq.heappush(h, (d, -i, name))
        elif (d, -i) > h[0][:2]:
            heapq.heapreplace(h, (d, -i, name))
    h.sort(reverse=True)
    return [(name, d) for d, _, name in h]
