# WRONG: first run at 0 instead of first
def recurring_starts(first, period, durations):
    res = []
    t = 0 if first < period else first
    for d in durations:
        res.append(t)
        end = t + d
        t += period
        while t < end:
            t += period
    return res
