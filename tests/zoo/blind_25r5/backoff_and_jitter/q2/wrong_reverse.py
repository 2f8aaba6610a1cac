# Exercise 04 q2. WRONG: draws all rand() values, then uses them in reverse order.
# Breaks "Draw rand() once per retry, in order".
import math
def _delay(attempt, base, cap, rand):
    r = rand()
    try: c = min(cap, math.ldexp(base, attempt))
    except OverflowError: c = cap
    return r * c
def retry_schedule(attempts, base, cap, rand):
    rs = [rand() for _ in range(attempts)][::-1]
    it = iter(rs)
    t, out = 0.0, []
    for a in range(attempts):
        t += _delay(a, base, cap, lambda: next(it)); out.append(t)
    return out
