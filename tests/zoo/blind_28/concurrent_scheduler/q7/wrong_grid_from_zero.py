# wrong: grid anchored at 0 instead of first after a slow run
def recurring_starts(first, period, durations):
    out = []; start = first
    for d in durations:
        out.append(start)
        end = start + d
        start = max(start + period, -(-end // period) * period)
    return out
