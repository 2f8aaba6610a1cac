# wrong: catch-up: a late run starts the moment the slow one ends (off the grid); statement says the slots are skipped
def recurring_starts(first, period, durations):
    out = []; k = 0; start = first
    for d in durations:
        out.append(start)
        end = start + d
        k += 1
        start = max(first + k * period, end)
    return out
