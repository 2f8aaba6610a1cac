# right (unusual): math.ldexp with the exponent clamped at 1010, high enough that
# 0.001 * 2**1010 > 1e300 >= cap and low enough that 1000 * 2**1010 cannot overflow
import math
def backoff_delay(attempt, base, cap, rand):
    return rand() * min(cap, math.ldexp(base, min(attempt, 1010)))
