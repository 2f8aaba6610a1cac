# wrong (my intended right): ldexp clamped at 1030 overflows when base is large
import math
def backoff_delay(attempt, base, cap, rand):
    return rand() * min(cap, math.ldexp(base, min(attempt, 1030)))
