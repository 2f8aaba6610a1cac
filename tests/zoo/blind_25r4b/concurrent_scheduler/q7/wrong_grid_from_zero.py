# WRONG: grid anchored at 0 not first
def recurring_starts(first, period, durations):
    res = []; t = first
    for d in durations:
        res.append(t); end = t + d
        t = -(-end // period) * period
        if t == res[-1]: t += period
    return res
