# mistake: equal arrivals broken by shorter duration instead of list order
def fifo_metrics(arrivals, durations):
    n = len(arrivals)
    res = [None] * n
    t = 0
    for i in sorted(range(n), key=lambda i: (arrivals[i], durations[i])):
        start = max(t, arrivals[i])
        t = start + durations[i]
        res[i] = (start - arrivals[i], t - arrivals[i], t - arrivals[i] - durations[i])
    return res
