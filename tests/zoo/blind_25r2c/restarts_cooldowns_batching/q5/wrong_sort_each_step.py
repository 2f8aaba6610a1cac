# wrong (too slow): keeps k items but re-sorts the window after every job
def top_k_longest(durations, k):
    best = []
    for seq, (name, d) in enumerate(durations):
        best.append((-d, seq, name))
        best.sort()
        del best[k:]
    return [(name, -nd) for nd, _, name in best]
