# wrong: forgets idle time (start = clock)
def fifo_metrics(arrivals, durations):
    order = sorted(range(len(arrivals)), key=lambda i: (arrivals[i], i))
    res = [None] * len(arrivals); clock = min(arrivals, default=0)
    for i in order:
        s = clock; clock = s + durations[i]
        res[i] = (s - arrivals[i], clock - arrivals[i], s - arrivals[i])
    return res
