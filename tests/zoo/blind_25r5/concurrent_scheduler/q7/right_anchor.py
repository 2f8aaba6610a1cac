# 07 q7. Right: re-anchors on each start, which is itself on the grid, so the grid is kept.
def recurring_starts(first, period, durations):
    out, anchor, t = [], first, first
    for d in durations:
        out.append(t)
        end = t + d
        k = -(-(end - anchor) // period)
        t = anchor + k * period
        anchor = t
    return out
