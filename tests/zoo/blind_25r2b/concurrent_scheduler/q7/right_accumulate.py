# right: itertools.accumulate over the durations
from itertools import accumulate
def recurring_starts(first, period, durations):
    if not durations:
        return []
    step = lambda s, d: s + max(1, -(-d // period)) * period
    return list(accumulate(durations[:-1], step, initial=first))
