# Exercise 04 q2. WRONG beyond 100 retries: later retries reuse the 100th wait's exponent.
# Breaks "retries attempts times with full-jitter waits" (each with its own attempt).
import math
def _delay(attempt, base, cap, rand):
    r = rand()
    try: c = min(cap, math.ldexp(base, attempt))
    except OverflowError: c = cap
    return r * c
def retry_schedule(attempts, base, cap, rand):
    t, out = 0.0, []
    for a in range(attempts):
        t += _delay(min(a, 99), base, cap, rand); out.append(t)
    return out
