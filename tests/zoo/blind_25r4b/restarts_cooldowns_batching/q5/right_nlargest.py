# RIGHT?: heapq.nlargest with key (holds k)
import heapq
def top_k_longest(durations, k):
    best = heapq.nlargest(k, ((d, -i, n) for i, (n, d) in enumerate(durations)))
    return [(n, d) for d, _, n in best]
