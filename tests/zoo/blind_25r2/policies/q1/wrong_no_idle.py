# wrong: forgets idle time, a job starts at the clock even before it arrives
def fifo_metrics(arrivals, durations):
    order = sorted(range(len(arrivals)), key=lambda i: arrivals[i])
    clock, out = 0, [None] * len(arrivals)
    for i in order:
        a, d = arrivals[i], durations[i]
        s = clock; clock = s + d
        out[i] = (s - a, clock - a, clock - a - d)
    return out
