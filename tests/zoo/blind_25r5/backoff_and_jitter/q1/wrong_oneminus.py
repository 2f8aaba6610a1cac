# Exercise 04 q1. WRONG: (1 - rand()) of the ceiling (a uniform fraction, but not rand()'s).
# Breaks "a uniform fraction, rand(), of the ceiling".
import math
def backoff_delay(attempt, base, cap, rand):
    r = rand()
    try: c = min(cap, math.ldexp(base, attempt))
    except OverflowError: c = cap
    return (1 - r) * c
