# 07 q7. Wrong: stops after 20 runs (a "safety" cap).
# Breaks: "one per duration"
def recurring_starts(first, period, durations):
    out, t = [], first
    for d in durations[:20]:
        out.append(t)
        end = t + d
        t = first + -(-(end - first) // period) * period
    return out
