# wrong: pops durations from the caller's list
def recurring_starts(first, period, durations):
    starts = []
    t = first
    while durations:
        d = durations.pop(0)
        starts.append(t)
        end = t + d
        k = -(-(end - first) // period)
        t = first + k * period
    return starts
