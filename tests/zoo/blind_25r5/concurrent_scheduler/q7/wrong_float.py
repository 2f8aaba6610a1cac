# 07 q7. Wrong: float division; exact for small numbers, wrong past 2**53.
# Breaks: "Return the list of start times ... as ints" (exactness on big ints)
import math
def recurring_starts(first, period, durations):
    out, t = [], first
    for d in durations:
        out.append(t)
        end = t + d
        t = first + math.ceil((end - first) / period) * period
    return out
