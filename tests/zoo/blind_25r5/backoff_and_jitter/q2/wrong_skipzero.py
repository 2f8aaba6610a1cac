# Exercise 04 q2. WRONG: a wait of exactly 0 (rand() = 0) is skipped: no entry for that retry.
# Breaks "retries attempts times" (one entry per retry).
import math
def _delay(attempt, base, cap, rand):
    r = rand()
    try: c = min(cap, math.ldexp(base, attempt))
    except OverflowError: c = cap
    return r * c
def retry_schedule(attempts, base, cap, rand):
    t, out = 0.0, []
    for a in range(attempts):
        w = _delay(a, base, cap, rand)
        if w == 0: continue
        t += w; out.append(t)
    return out
