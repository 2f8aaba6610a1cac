# wrong: returns one module-level list, cleared and refilled on every call (earlier results change)
_out = []
def fifo_metrics(arrivals, durations):
    order = sorted(range(len(arrivals)), key=lambda i: (arrivals[i], i))
    res = [None] * len(arrivals); clock = 0
    for i in order:
        s = max(clock, arrivals[i]); clock = s + durations[i]
        res[i] = (s - arrivals[i], clock - arrivals[i], s - arrivals[i])
    _out[:] = res
    return _out
