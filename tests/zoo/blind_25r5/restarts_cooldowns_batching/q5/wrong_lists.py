# 11 q5. Wrong: returns [name, duration] lists.
# Breaks: "Return the k longest as (name, duration) pairs"
import heapq
def top_k_longest(durations, k):
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
    return [[name, d] for d, _, name in h]
