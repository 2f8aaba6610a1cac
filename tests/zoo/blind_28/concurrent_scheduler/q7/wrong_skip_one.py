# wrong: a slow run skips at most one slot, whatever its length
def recurring_starts(first, period, durations):
    out = []; start = first
    for d in durations:
        out.append(start)
        start += 2 * period if d > period else period
    return out
