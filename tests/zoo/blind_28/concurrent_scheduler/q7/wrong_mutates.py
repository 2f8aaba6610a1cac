# wrong: mutates its input (pops durations)
def recurring_starts(first, period, durations):
    out = []; slot = first
    while durations:
        d = durations.pop(0)
        out.append(slot)
        end = slot + d
        while slot < end:
            slot += period
    return out
