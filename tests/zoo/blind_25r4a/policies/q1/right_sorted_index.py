# right: sort indices by (arrival, index), clock with max
def fifo_metrics(arrivals, durations):
    order = sorted(range(len(arrivals)), key=lambda i: (arrivals[i], i))
    res = [None] * len(arrivals)
    clock = 0
    for i in order:
        start = max(clock, arrivals[i])
        fin = start + durations[i]
        res[i] = (start - arrivals[i], fin - arrivals[i], start - arrivals[i])
        clock = fin
    return res
