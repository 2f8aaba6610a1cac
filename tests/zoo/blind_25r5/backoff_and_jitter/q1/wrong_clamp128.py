# Exercise 04 q1. WRONG when base*2^128 < cap: the exponent is clamped at 128.
# Breaks "the ceiling must still be exactly min(cap, base × 2^attempt)".
def backoff_delay(attempt, base, cap, rand):
    return rand() * min(cap, base * 2.0 ** min(attempt, 128))
