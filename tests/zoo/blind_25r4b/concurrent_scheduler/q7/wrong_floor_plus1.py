# WRONG: next slot = floor((end-first)/p)+1 (off when end on grid)
def recurring_starts(first, period, durations):
    out = []; slot = first
    for d in durations:
        out.append(slot)
        end = slot + d
        slot = first + ((end - first)//period + 1) * period
    return out
