# WRONG: returns tuple
def recurring_starts(first, period, durations):
    res = []; t = first
    for d in durations:
        res.append(t); end = t + d; t += period
        while t < end: t += period
    return tuple(res)
