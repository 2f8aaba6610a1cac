# wrong: maps back via arrivals.index(a) (duplicates collapse)
def fifo_metrics(arrivals, durations):
    res = [None] * len(arrivals); clock = 0
    for a, i in sorted((a, i) for i, a in enumerate(arrivals)):
        j = arrivals.index(a)
        s = max(clock, a); clock = s + durations[i]
        res[j] = (s - a, clock - a, s - a)
    return [r if r is not None else (0, durations[k], 0) for k, r in enumerate(res)]
