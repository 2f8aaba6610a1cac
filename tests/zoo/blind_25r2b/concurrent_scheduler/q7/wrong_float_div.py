# wrong: uses math.ceil of a float division: returns floats? no: ints via ceil, but true division
def recurring_starts(first, period, durations):
    starts = []
    t = first
    for d in durations:
        starts.append(t)
        end = t + d
        k = (end - first) / period
        k = int(k) + (k != int(k))
        k = k * 1.0
        t = first + k * period
    return starts
