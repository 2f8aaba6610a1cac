# WRONG: late run starts right at end
def recurring_starts(first, period, durations):
    out = []; t = first; k = 0
    for d in durations:
        slot = first + k*period
        t = max(t, slot)
        out.append(t)
        t += d; k += 1
    return out
