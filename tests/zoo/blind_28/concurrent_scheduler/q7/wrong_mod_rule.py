# wrong: next = end + (period - d % period): a run lasting exactly a multiple of the period skips one slot too many
def recurring_starts(first, period, durations):
    out = []; start = first
    for d in durations:
        out.append(start)
        start = start + d + (period - d % period)
    return out
