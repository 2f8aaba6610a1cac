# wrong: slots skipped = round(d / period) (at least 1) instead of the ceiling: banker's rounding and .5 cases start a run while the slow one still runs
def recurring_starts(first, period, durations):
    out = []; k = 0
    for d in durations:
        out.append(first + k * period)
        k += max(1, round(d / period))
    return out
