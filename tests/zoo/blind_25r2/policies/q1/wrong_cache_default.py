# wrong: memoises on the arrivals only (default-argument cache), ignoring the durations
def fifo_metrics(arrivals, durations, _cache={}):
    key = tuple(arrivals)
    if key in _cache:
        return [tuple(t) for t in _cache[key]]
    order = sorted(range(len(arrivals)), key=lambda i: arrivals[i])
    clock, out = 0, [None] * len(arrivals)
    for i in order:
        a, d = arrivals[i], durations[i]
        s = max(clock, a); clock = s + d
        out[i] = (s - a, clock - a, clock - a - d)
    _cache[key] = out
    return out
