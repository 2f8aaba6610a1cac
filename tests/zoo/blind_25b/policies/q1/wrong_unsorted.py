# mistake: assumes arrivals are sorted (serves in list order)
def fifo_metrics(arrivals, durations):
    res = []
    t = 0
    for a, d in zip(arrivals, durations):
        start = max(t, a)
        t = start + d
        res.append((start - a, t - a, t - a - d))
    return res
