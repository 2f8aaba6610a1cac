# Exercise 04 q1. WRONG when cap is huge (> 1e200): the cap is taken as 1e200.
# Breaks "for any base and cap with 0.001 <= base <= cap <= 10^300".
import math
def backoff_delay(attempt, base, cap, rand):
    r = rand()
    cap = min(cap, 1e200)
    try: c = min(cap, math.ldexp(base, attempt))
    except OverflowError: c = cap
    return r * c
