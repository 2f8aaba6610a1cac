# Exercise 04 q2. WRONG: retry k uses attempt k+1 (the first retry already doubles).
# Breaks "(0 = the first retry)" via backoff_delay and "the first entry is the first retry".
import math
def _delay(attempt, base, cap, rand):
    r = rand()
    try: c = min(cap, math.ldexp(base, attempt))
    except OverflowError: c = cap
    return r * c
def retry_schedule(attempts, base, cap, rand):
    t, out = 0.0, []
    for a in range(attempts):
        t += _delay(a + 1, base, cap, rand); out.append(t)
    return out
