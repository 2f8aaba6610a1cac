# right: heap of (arrival, index)
import heapq
def fifo_metrics(arrivals, durations):
    h = [(a, i) for i, a in enumerate(arrivals)]; heapq.heapify(h)
    out = [None] * len(h); t = 0
    while h:
        a, i = heapq.heappop(h)
        t = max(t, a); w = t - a; t += durations[i]
        out[i] = (w, t - a, w)
    return out
