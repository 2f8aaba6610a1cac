# Exercise 04 q1. WRONG by precision: 2^attempt computed as exp(attempt*ln 2) (last digits off).
# Breaks "exactly min(cap, base × 2^attempt)".
import math
def backoff_delay(attempt, base, cap, rand):
    r = rand()
    if attempt > 1100: return r * cap
    return r * min(cap, base * math.exp(attempt * math.log(2)))
