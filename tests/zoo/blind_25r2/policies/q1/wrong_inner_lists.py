# wrong: inner entries are lists, not tuples
def fifo_metrics(arrivals, durations):
    order = sorted(range(len(arrivals)), key=lambda i: arrivals[i])
    clock, out = 0, [None] * len(arrivals)
    for i in order:
        a, d = arrivals[i], durations[i]
        s = max(clock, a); clock = s + d
        out[i] = [s - a, clock - a, clock - a - d]
    return out
