# wrong: first slot strictly after the end
def recurring_starts(first, period, durations):
    starts = []
    t = first
    for d in durations:
        starts.append(t)
        end = t + d
        k = (end - first) // period + 1 if (end - first) % period == 0 else -(-(end - first) // period)
        t = first + k * period
    return starts
