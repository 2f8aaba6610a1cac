# right: walks the grid slot by slot
def recurring_starts(first, period, durations):
    out, slot = [], first
    for d in durations:
        out.append(slot)
        busy_until = slot + d
        slot += period
        while slot < busy_until:
            slot += period
    return out
