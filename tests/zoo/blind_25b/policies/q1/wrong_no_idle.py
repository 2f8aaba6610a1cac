# mistake: forgets idle time: start = clock, not max(clock, arrival)
def fifo_metrics(arrivals, durations):
    n = len(arrivals)
    res = [None] * n
    t = 0
    for i in sorted(range(n), key=lambda i: (arrivals[i], i)):
        start = t
        t = start + durations[i]
        res[i] = (start - arrivals[i], t - arrivals[i], t - arrivals[i] - durations[i])
    return res
