# right: next start = previous start + period * ceil(d / period): the same grid slot, computed from the previous start
def recurring_starts(first, period, durations):
    starts = []
    t = first
    for d in durations:
        starts.append(t)
        end = t + d
        t = t + period * max(1, -(-d // period))
    return starts
