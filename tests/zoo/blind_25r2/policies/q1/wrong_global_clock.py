# wrong: the clock is a module global that is never reset between calls
_clock = 0
def fifo_metrics(arrivals, durations):
    global _clock
    order = sorted(range(len(arrivals)), key=lambda i: arrivals[i])
    out = [None] * len(arrivals)
    for i in order:
        a, d = arrivals[i], durations[i]
        s = max(_clock, a); _clock = s + d
        out[i] = (s - a, _clock - a, _clock - a - d)
    return out
