# wrong: sorts the caller's arrivals and durations in place (mutates the inputs)
def fifo_metrics(arrivals, durations):
    n = len(arrivals)
    order = sorted(range(n), key=lambda i: arrivals[i])
    a2 = [arrivals[i] for i in order]; d2 = [durations[i] for i in order]
    arrivals[:] = a2; durations[:] = d2
    clock, res = 0, {}
    for k, i in enumerate(order):
        a, d = a2[k], d2[k]
        s = max(clock, a); clock = s + d
        res[i] = (s - a, clock - a, clock - a - d)
    return [res[i] for i in range(n)]
