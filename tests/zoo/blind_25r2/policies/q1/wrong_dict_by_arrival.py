# wrong: indexes jobs by arrival in a dict, so jobs arriving together collapse into one
def fifo_metrics(arrivals, durations):
    by_arrival = {a: i for i, a in enumerate(arrivals)}
    clock, out = 0, [None] * len(arrivals)
    for a in sorted(by_arrival):
        i = by_arrival[a]
        d = durations[i]
        s = max(clock, a); clock = s + d
        for j, aj in enumerate(arrivals):
            if aj == a:
                out[j] = (s - a, clock - a, clock - a - d)
    return out
