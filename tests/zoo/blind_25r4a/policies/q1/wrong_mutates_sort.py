# wrong: sorts the caller's arrivals list in place (mutates input)
def fifo_metrics(arrivals, durations):
    order = sorted(range(len(arrivals)), key=lambda i: (arrivals[i], i))
    res = [None] * len(arrivals); clock = 0
    for i in order:
        s = max(clock, arrivals[i]); clock = s + durations[i]
        res[i] = (s - arrivals[i], clock - arrivals[i], s - arrivals[i])
    arrivals.sort()
    return res
