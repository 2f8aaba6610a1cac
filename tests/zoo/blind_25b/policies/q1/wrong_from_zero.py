# mistake: measures response/turnaround from time 0, not from arrival
def fifo_metrics(arrivals, durations):
    n = len(arrivals)
    res = [None] * n
    t = 0
    for i in sorted(range(n), key=lambda i: (arrivals[i], i)):
        start = max(t, arrivals[i])
        t = start + durations[i]
        res[i] = (start, t, t - durations[i])
    return res
