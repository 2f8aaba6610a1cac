# wrong: results in service order, not input order
def fifo_metrics(arrivals, durations):
    order = sorted(range(len(arrivals)), key=lambda i: (arrivals[i], i))
    res = []; clock = 0
    for i in order:
        s = max(clock, arrivals[i]); clock = s + durations[i]
        res.append((s - arrivals[i], clock - arrivals[i], s - arrivals[i]))
    return res
