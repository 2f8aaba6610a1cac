# RIGHT: loop over slots
def recurring_starts(first, period, durations):
    out = []
    slot = first
    for d in durations:
        out.append(slot)
        end = slot + d
        k = -(-(end - first) // period)
        slot = first + k * period
    return out
