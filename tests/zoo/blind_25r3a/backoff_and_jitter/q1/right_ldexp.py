# right: math.ldexp, exponent clamped at 1010 (base*2^1010 >= 1e300 for base >= 0.001); inf -> cap via min
import math
def backoff_delay(attempt, base, cap, rand):
    return rand() * min(cap, math.ldexp(base, min(attempt, 1010)))
_f = backoff_delay
def backoff_delay(attempt, base, cap, rand):
    try:
        return _f(attempt, base, cap, rand)
    except OverflowError:
        return rand() * cap
