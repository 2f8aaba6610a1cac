# right: heapq.nlargest with a key (documented equal to a stable sorted(..., reverse=True)[:k])
import heapq
def top_k_longest(durations, k):
    return heapq.nlargest(k, durations, key=lambda pair: pair[1])
