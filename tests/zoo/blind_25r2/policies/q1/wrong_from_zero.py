# wrong: turnaround measured from time 0 (finish) instead of from arrival
def fifo_metrics(arrivals, durations):
    order = sorted(range(len(arrivals)), key=lambda i: arrivals[i])
    clock, out = 0, [None] * len(arrivals)
    for i in order:
        a, d = arrivals[i], durations[i]
        s = max(clock, a); clock = s + d
        out[i] = (s - a, clock, clock - d)
    return out
