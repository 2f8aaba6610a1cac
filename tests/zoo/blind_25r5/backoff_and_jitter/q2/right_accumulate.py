# Exercise 04 q2. RIGHT, unusual: itertools.accumulate over a list of waits drawn first.
from itertools import accumulate
import math
def _delay(attempt, base, cap, rand):
    r = rand()
    try: c = min(cap, math.ldexp(base, attempt))
    except OverflowError: c = cap
    return r * c
def retry_schedule(attempts, base, cap, rand):
    return list(accumulate([_delay(a, base, cap, rand) for a in range(attempts)]))
