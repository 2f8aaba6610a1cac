# right: recursive, slot index carried along
def recurring_starts(first, period, durations):
    def go(k, i):
        if i == len(durations):
            return []
        skip = (durations[i] + period - 1) // period
        return [first + k * period] + go(k + skip, i + 1)
    import sys
    sys.setrecursionlimit(max(10000, sys.getrecursionlimit()))
    return go(0, 0)
