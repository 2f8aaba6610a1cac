# Exercise 04 q2. WRONG type: a generator. Breaks "Return the list".
import math
def _delay(attempt, base, cap, rand):
    r = rand()
    try: c = min(cap, math.ldexp(base, attempt))
    except OverflowError: c = cap
    return r * c
def retry_schedule(attempts, base, cap, rand):
    t = 0.0
    out = []
    for a in range(attempts):
        t += _delay(a, base, cap, rand); out.append(t)
    return (x for x in out)
