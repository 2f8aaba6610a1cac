# wrong: rounds to the nearest slot instead of the next one
def recurring_starts(first, period, durations):
    starts = []
    t = first
    for d in durations:
        starts.append(t)
        end = t + d
        k = max(1, round((end - first) / period))
        t = first + k * period
    return starts
