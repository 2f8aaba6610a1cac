# Exercise 04 q2. WRONG: returns the waits, not the absolute times. Breaks "Return the list of absolute retry times".
import math
def _delay(attempt, base, cap, rand):
    r = rand()
    try: c = min(cap, math.ldexp(base, attempt))
    except OverflowError: c = cap
    return r * c
def retry_schedule(attempts, base, cap, rand):
    return [_delay(a, base, cap, rand) for a in range(attempts)]
