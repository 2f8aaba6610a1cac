# right: functional, itertools.accumulate of finish times over the stable order
from itertools import accumulate
def fifo_metrics(arrivals, durations):
    order = sorted(range(len(arrivals)), key=lambda i: arrivals[i])
    fins = list(accumulate(order, lambda f, i: max(f, arrivals[i]) + durations[i],
                           initial=float("-inf")))[1:]
    out = [None] * len(order)
    for i, f in zip(order, fins):
        t = f - arrivals[i]
        out[i] = (t - durations[i], t, t - durations[i])
    return out
