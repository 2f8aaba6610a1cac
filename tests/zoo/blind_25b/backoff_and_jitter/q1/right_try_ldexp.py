# style: math.ldexp with OverflowError meaning "above any cap"
import math
def backoff_delay(attempt, base, cap, rand):
    r = rand()
    try:
        ceiling = min(cap, math.ldexp(base, attempt))
    except OverflowError:
        ceiling = cap
    return r * ceiling
