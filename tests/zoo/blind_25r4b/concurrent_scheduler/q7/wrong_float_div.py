# WRONG: float division ceil producing floats only when late
import math
def recurring_starts(first, period, durations):
    out = []; slot = first
    for d in durations:
        out.append(slot)
        end = slot + d
        if end > slot + period:
            slot = first + math.ceil((end - first) / period) * period + 0.0
        else:
            slot = slot + period
    return out
