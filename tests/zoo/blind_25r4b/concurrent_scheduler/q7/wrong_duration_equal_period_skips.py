# WRONG: a run exactly one period long skips a slot (end compared with >=)
def recurring_starts(first, period, durations):
    res = []
    t = first
    for d in durations:
        res.append(t)
        end = t + d
        t += period
        while t < end or (t == end and t - period == res[-1]):
            t += period
    return res
