# 07 q7. Right: walk the grid slot by slot.
def recurring_starts(first, period, durations):
    out = []
    slot = first
    for d in durations:
        out.append(slot)
        end = slot + d
        slot += period
        while slot < end:
            slot += period
    return out
