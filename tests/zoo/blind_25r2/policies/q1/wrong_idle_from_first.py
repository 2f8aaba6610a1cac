# wrong: after an idle gap the clock jumps to the arrival PLUS the gap (double counts idle)
def fifo_metrics(arrivals, durations):
    order = sorted(range(len(arrivals)), key=lambda i: arrivals[i])
    clock, out = 0, [None] * len(arrivals)
    for i in order:
        a, d = arrivals[i], durations[i]
        s = clock if clock >= a else a + (a - clock)
        clock = s + d
        out[i] = (s - a, clock - a, clock - a - d)
    return out
