# right: walk slots forward while the slot is before the end
def recurring_starts(first, period, durations):
    starts = []
    slot = first
    for d in durations:
        starts.append(slot)
        end = slot + d
        while slot < end:
            slot += period
    return starts
