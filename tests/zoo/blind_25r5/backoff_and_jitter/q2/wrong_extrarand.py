# Exercise 04 q2. WRONG: calls rand() once more at the end (a 'next wait' drawn and thrown away).
# Breaks "Draw rand() once per retry, in order".
import math
def _delay(attempt, base, cap, rand):
    r = rand()
    try: c = min(cap, math.ldexp(base, attempt))
    except OverflowError: c = cap
    return r * c
def retry_schedule(attempts, base, cap, rand):
    t, out = 0.0, []
    for a in range(attempts):
        t += _delay(a, base, cap, rand); out.append(t)
    rand()
    return out
