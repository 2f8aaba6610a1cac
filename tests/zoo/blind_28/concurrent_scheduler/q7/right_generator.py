# right: generator of slot indices, divmod-based skip
def recurring_starts(first, period, durations):
    def gen():
        k = 0
        for d in durations:
            yield first + k * period
            q, r = divmod(d, period)
            k += q + (1 if r else 0)
    return list(gen())
