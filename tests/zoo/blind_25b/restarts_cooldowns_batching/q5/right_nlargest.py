# style: heapq.nlargest with a key (stable like sorted(..., reverse=True)[:k], O(k) memory)
import heapq
def top_k_longest(durations, k):
    return heapq.nlargest(k, durations, key=lambda p: p[1])
