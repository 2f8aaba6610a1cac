# wrong: skips at most one slot: next = t + 2*period when late
def recurring_starts(first, period, durations):
    starts = []
    t = first
    for d in durations:
        starts.append(t)
        end = t + d
        t = t + period if d <= period else t + 2 * period
    return starts
