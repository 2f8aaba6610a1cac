# right: divmod on the offset
def recurring_starts(first, period, durations):
    res = []
    s = first
    for d in durations:
        res.append(s)
        q, r = divmod(s + d - first, period)
        s = first + (q + (1 if r else 0)) * period
    return res
