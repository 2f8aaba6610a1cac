# Exercise 04 q1. RIGHT, unusual: clamps the exponent at 1100 (base*2^1100 > 10^300 for every allowed base).
def backoff_delay(attempt, base, cap, rand):
    return rand() * min(cap, base * 2.0 ** min(attempt, 1023) * (2.0 ** max(0, min(attempt, 1100) - 1023)) if attempt <= 1023 else cap)
