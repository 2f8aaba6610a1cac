# wrong: serves in list order, assuming arrivals are sorted ("not necessarily sorted")
def fifo_metrics(arrivals, durations):
    clock, out = 0, []
    for a, d in zip(arrivals, durations):
        s = max(clock, a); clock = s + d
        out.append((s - a, clock - a, clock - a - d))
    return out
