# wrong: assumes the arrivals are already sorted (serves in list order)
def fifo_metrics(arrivals, durations):
    res = []; clock = 0
    for a, d in zip(arrivals, durations):
        s = max(clock, a); clock = s + d
        res.append((s - a, clock - a, s - a))
    return res
