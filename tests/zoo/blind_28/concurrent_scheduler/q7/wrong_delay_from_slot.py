# wrong: next start = max(slot + period, end) but slot counter resets to the end (grid restarts at each late finish)
def recurring_starts(first, period, durations):
    out = []; start = first
    for d in durations:
        out.append(start)
        end = start + d
        start = start + period if end <= start + period else end
    return out
