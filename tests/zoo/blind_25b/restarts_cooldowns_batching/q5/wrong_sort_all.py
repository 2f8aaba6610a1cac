# mistake: sorts the whole stream (O(n log n), holds n jobs)
def top_k_longest(durations, k):
    return sorted(durations, key=lambda p: -p[1])[:k]
