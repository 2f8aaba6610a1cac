# Exercise 04 q1. RIGHT, unusual: scales rand()*base by 2^attempt with ldexp and caps rand()*cap
# (the same rounding, since scaling by a power of 2 is exact); overflow means the cap wins.
import math
def backoff_delay(attempt, base, cap, rand):
    r = rand()
    try:
        return min(r * cap, math.ldexp(r * base, attempt))
    except OverflowError:
        return r * cap
