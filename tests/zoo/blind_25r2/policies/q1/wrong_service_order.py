# wrong: returns the tuples in service order, not the input order
def fifo_metrics(arrivals, durations):
    order = sorted(range(len(arrivals)), key=lambda i: arrivals[i])
    clock, out = 0, []
    for i in order:
        a, d = arrivals[i], durations[i]
        s = max(clock, a); clock = s + d
        out.append((s - a, clock - a, clock - a - d))
    return out
