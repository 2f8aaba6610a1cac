# wrong: finish + period (fixed delay)
def recurring_starts(first, period, durations):
    starts = []
    t = first
    for d in durations:
        starts.append(t)
        end = t + d
        t = end + period
    return starts
