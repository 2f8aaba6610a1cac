# WRONG: skips at most one slot
def recurring_starts(first, period, durations):
    res = []; t = first
    for d in durations:
        res.append(t); end = t + d; t += period
        if t < end: t += period
    return res
