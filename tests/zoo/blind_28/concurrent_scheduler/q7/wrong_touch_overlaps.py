# wrong: a run ending at t is treated as overlapping a slot at t (<= instead of <); statement: "a run ending at t does not overlap one starting at t"
def recurring_starts(first, period, durations):
    starts = []; slot = first
    for d in durations:
        starts.append(slot)
        end = slot + d
        while slot <= end:
            slot += period
    return starts
