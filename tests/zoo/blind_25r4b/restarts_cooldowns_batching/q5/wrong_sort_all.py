# WRONG: sorts the whole stream
def top_k_longest(durations, k):
    allp = list(durations)
    idx = sorted(range(len(allp)), key=lambda i: (-allp[i][1], i))
    return [allp[i] for i in idx[:k]]
