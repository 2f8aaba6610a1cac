# wrong: next slot = floor((end-first)/period)+1 slots: the first slot strictly after the end
def recurring_starts(first, period, durations):
    out = []; start = first
    for d in durations:
        out.append(start)
        end = start + d
        start = first + ((end - first) // period + 1) * period
    return out
