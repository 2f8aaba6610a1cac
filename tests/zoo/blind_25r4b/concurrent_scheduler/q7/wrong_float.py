# WRONG: returns floats (math.ceil on / but float math)
import math
def recurring_starts(first, period, durations):
    out = []; slot = first
    for d in durations:
        out.append(slot)
        end = slot + d
        slot = first + math.ceil((end - first) / period) * period * 1.0
    return out
