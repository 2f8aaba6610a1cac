# Exercise 04 q2. RIGHT, unusual: absolute times as math.fsum of the waits so far (exactly rounded sums).
import math
def _delay(attempt, base, cap, rand):
    r = rand()
    try: c = min(cap, math.ldexp(base, attempt))
    except OverflowError: c = cap
    return r * c
def retry_schedule(attempts, base, cap, rand):
    waits = [_delay(a, base, cap, rand) for a in range(attempts)]
    return [math.fsum(waits[:k + 1]) for k in range(attempts)]
