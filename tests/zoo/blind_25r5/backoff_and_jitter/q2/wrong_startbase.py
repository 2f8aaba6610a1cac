# Exercise 04 q2. WRONG: the clock starts at base (failure at t = base). Breaks "A client fails at t = 0".
import math
def _delay(attempt, base, cap, rand):
    r = rand()
    try: c = min(cap, math.ldexp(base, attempt))
    except OverflowError: c = cap
    return r * c
def retry_schedule(attempts, base, cap, rand):
    t, out = base, []
    for a in range(attempts):
        t += _delay(a, base, cap, rand); out.append(t)
    return out
