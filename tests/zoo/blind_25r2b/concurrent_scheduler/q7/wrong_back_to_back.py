# wrong: missed slots pile up back to back: run k starts at max(first + k*period, previous end) ('starting a late run the moment the slow one ends')
def recurring_starts(first, period, durations):
    out, end = [], None
    for k, d in enumerate(durations):
        s = first + k * period if end is None else max(first + k * period, end)
        out.append(s)
        end = s + d
    return out
