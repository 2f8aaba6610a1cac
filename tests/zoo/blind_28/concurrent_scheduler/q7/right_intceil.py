# right: integer ceiling of the end onto the grid
def recurring_starts(first, period, durations):
    out = []
    start = first
    for d in durations:
        out.append(start)
        end = start + d
        start = first + -(-(end - first) // period) * period
    return out
