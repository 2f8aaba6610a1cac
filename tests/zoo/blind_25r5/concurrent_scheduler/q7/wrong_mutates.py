# 07 q7. Wrong: consumes the caller's durations list (pop(0)).
# Breaks the input being the caller's ("run `k` lasts `durations[k]`"): it is empty afterwards
def recurring_starts(first, period, durations):
    out, t = [], first
    while durations:
        d = durations.pop(0)
        out.append(t)
        end = t + d
        k = -(-(end - first) // period)
        t = first + k * period
    return out
