# right: recursive over the stable-sorted order, results written back by index
def fifo_metrics(arrivals, durations):
    order = sorted(range(len(arrivals)), key=arrivals.__getitem__)
    res = {}
    def go(k, clock):
        if k == len(order):
            return
        i = order[k]
        s = max(clock, arrivals[i])
        f = s + durations[i]
        res[i] = (s - arrivals[i], f - arrivals[i], f - arrivals[i] - durations[i])
        go(k + 1, f)
    import sys
    sys.setrecursionlimit(max(10000, 3 * len(order) + 100))
    go(0, float("-inf"))
    return [res[i] for i in range(len(arrivals))]
