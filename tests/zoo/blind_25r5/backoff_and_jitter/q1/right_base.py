# Exercise 04 q1. Right: ldexp, overflow means the cap wins.
import math
def backoff_delay(attempt, base, cap, rand):
    r = rand()
    try:
        ceiling = min(cap, math.ldexp(base, attempt))
    except OverflowError:
        ceiling = cap
    return r * ceiling
