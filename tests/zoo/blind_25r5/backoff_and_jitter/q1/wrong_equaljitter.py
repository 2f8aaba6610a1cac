# Exercise 04 q1. WRONG: equal jitter (c/2 + rand()*c/2). Breaks "with full jitter: a uniform fraction, rand(), of the ceiling".
import math
def backoff_delay(attempt, base, cap, rand):
    r = rand()
    try: c = min(cap, math.ldexp(base, attempt))
    except OverflowError: c = cap
    return c / 2 + r * c / 2
