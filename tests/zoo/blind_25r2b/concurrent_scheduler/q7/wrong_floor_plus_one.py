# wrong: next slot = floor((end-first)/period)+1: a run ending exactly on a slot skips it ('a run ending at t does not overlap one starting at t')
def recurring_starts(first, period, durations):
    starts = []
    t = first
    for d in durations:
        starts.append(t)
        end = t + d
        k = (end - first) // period + 1
        t = first + k * period
    return starts
