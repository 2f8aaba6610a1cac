# wrong type: true division makes start times floats
import math
def recurring_starts(first, period, durations):
    out = []; start = first
    for d in durations:
        out.append(start)
        end = start + d
        start = first + math.ceil((end - first) / period) * float(period)
    return out
