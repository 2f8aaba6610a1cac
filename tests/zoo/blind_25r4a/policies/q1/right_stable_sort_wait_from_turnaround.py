# right: stable sort by arrival only; wait = turnaround - duration
def fifo_metrics(arrivals, durations):
    idx = sorted(range(len(arrivals)), key=arrivals.__getitem__)
    out = [()] * len(idx); t = 0
    for i in idx:
        if t < arrivals[i]: t = arrivals[i]
        r = t - arrivals[i]; t += durations[i]; ta = t - arrivals[i]
        out[i] = (r, ta, ta - durations[i])
    return out
