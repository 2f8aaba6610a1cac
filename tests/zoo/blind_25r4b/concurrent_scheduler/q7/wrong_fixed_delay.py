# WRONG: finish + period
def recurring_starts(first, period, durations):
    out = []; t = first
    for d in durations:
        out.append(t)
        t = t + d if d > period else t + period
        if d > period: t += period
    return out
