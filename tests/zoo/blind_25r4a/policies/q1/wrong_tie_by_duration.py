# wrong: sorted(zip(arrivals, durations, idx)) breaks equal arrivals by duration
def fifo_metrics(arrivals, durations):
    res = [None] * len(arrivals); clock = 0
    for a, d, i in sorted(zip(arrivals, durations, range(len(arrivals)))):
        s = max(clock, a); clock = s + d
        res[i] = (s - a, clock - a, s - a)
    return res
