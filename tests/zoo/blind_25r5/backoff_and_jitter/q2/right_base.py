# Exercise 04 q2. Right.
import math
def _delay(attempt, base, cap, rand):
    r = rand()
    ceiling = cap if attempt > 2000 else min(cap, math.ldexp(base, attempt))
    return r * ceiling
def retry_schedule(attempts, base, cap, rand):
    t, out = 0.0, []
    for a in range(attempts):
        t += _delay(a, base, cap, rand); out.append(t)
    return out
