# Exercise 04 q1. WRONG by precision: result squeezed through float32. Breaks "exactly".
import math, struct
def backoff_delay(attempt, base, cap, rand):
    r = rand()
    try: c = min(cap, math.ldexp(base, attempt))
    except OverflowError: c = cap
    v = r * c
    return struct.unpack('f', struct.pack('f', v))[0] if v < 3e38 else v
