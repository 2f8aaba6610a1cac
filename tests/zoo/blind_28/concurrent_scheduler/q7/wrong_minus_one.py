# wrong: counts the end as end-1 (thinks a run of d occupies up to start+d-1), so a run 1 past a slot still gets it
def recurring_starts(first, period, durations):
    out = []; start = first
    for d in durations:
        out.append(start)
        end = start + d - 1
        start = first + max(1, -(-(end - first) // period)) * period if end - first <= 0 else first + -(-(end - first) // period) * period
        if start <= out[-1]:
            start = out[-1] + period
    return out
