# wrong: grid counted from 0, not from first
def recurring_starts(first, period, durations):
    starts = []
    t = first
    for d in durations:
        starts.append(t)
        end = t + d
        k = -(-end // period)
        t = k * period
    return starts
