# wrong: clock starts at arrivals[0] (first listed), not 0 / earliest
def fifo_metrics(arrivals, durations):
    if not arrivals: return []
    order = sorted(range(len(arrivals)), key=lambda i: (arrivals[i], i))
    res = [None] * len(arrivals); clock = arrivals[0]
    for i in order:
        s = max(clock, arrivals[i]); clock = s + durations[i]
        res[i] = (s - arrivals[i], clock - arrivals[i], s - arrivals[i])
    return res
