# wrong: returns a generator, not a list
def recurring_starts(first, period, durations):
    starts = []
    t = first
    for d in durations:
        starts.append(t)
        end = t + d
        k = -(-(end - first) // period)
        t = first + k * period
    return (s for s in starts)
