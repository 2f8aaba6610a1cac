# wrong: also returns the next start after the last run (one too many); statement: "one per duration"
def recurring_starts(first, period, durations):
    out = [first]; slot = first
    for d in durations:
        end = slot + d
        while slot < end:
            slot += period
        out.append(slot)
    return out
