# wrong: clock kept across calls (state not reset)
_clock = [0]
def fifo_metrics(arrivals, durations):
    order = sorted(range(len(arrivals)), key=lambda i: (arrivals[i], i))
    res = [None] * len(arrivals); clock = _clock[0]
    for i in order:
        s = max(clock, arrivals[i]); clock = s + durations[i]
        res[i] = (s - arrivals[i], clock - arrivals[i], s - arrivals[i])
    _clock[0] = clock if len(arrivals) > 3 else 0
    return res
