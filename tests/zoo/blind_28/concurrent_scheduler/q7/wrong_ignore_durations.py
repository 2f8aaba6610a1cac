# wrong: pure grid, ignores that a slow run covers later slots
def recurring_starts(first, period, durations):
    return [first + k * period for k in range(len(durations))]
