# wrong: fixed delay finish + period, drifts off the grid
def recurring_starts(first, period, durations):
    out = []; start = first
    for d in durations:
        out.append(start)
        start = start + d + period
    return out
