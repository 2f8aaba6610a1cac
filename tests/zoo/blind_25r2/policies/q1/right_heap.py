# right: heap of (arrival, index) popped in order, clock catches up over idle gaps
import heapq
def fifo_metrics(arrivals, durations):
    h = [(a, i) for i, a in enumerate(arrivals)]
    heapq.heapify(h)
    out = [None] * len(arrivals)
    clock = None
    while h:
        a, i = heapq.heappop(h)
        start = a if clock is None or clock < a else clock
        clock = start + durations[i]
        out[i] = (start - a, clock - a, clock - a - durations[i])
    return out
