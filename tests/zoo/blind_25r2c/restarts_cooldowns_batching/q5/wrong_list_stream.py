# wrong: list(durations) first, then a stable sort (holds everything)
def top_k_longest(durations, k):
    allj = list(durations)
    return sorted(allj, key=lambda p: -p[1])[:k]
