# 11 q5. Wrong: ties evict the earlier job (keeps the later of equal durations).
# Breaks: "equal durations in the order they came"
import heapq
def top_k_longest(durations, k):
    h = []
    if k <= 0:
        for _ in durations:
            pass
        return []
    for i, (name, d) in enumerate(durations):
        if len(h) < k:
            heapq.heappush(h, (d, i, name))
        elif d >= h[0][0]:
            heapq.heapreplace(h, (d, i, name))
    h.sort(key=lambda e: (-e[0], e[1]))
    return [(name, d) for d, _, name in h]
