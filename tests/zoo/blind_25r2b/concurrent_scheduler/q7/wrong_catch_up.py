# wrong: a late run starts the moment the slow one ends
def recurring_starts(first, period, durations):
    starts = []
    t = first
    for d in durations:
        starts.append(t)
        end = t + d
        t = max(end, t + period)
    return starts
