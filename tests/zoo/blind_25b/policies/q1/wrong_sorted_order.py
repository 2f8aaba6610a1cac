# mistake: returns results in service order instead of input order
def fifo_metrics(arrivals, durations):
    n = len(arrivals)
    res = []
    t = 0
    for i in sorted(range(n), key=lambda i: (arrivals[i], i)):
        start = max(t, arrivals[i])
        t = start + durations[i]
        res.append((start - arrivals[i], t - arrivals[i], t - arrivals[i] - durations[i]))
    return res
