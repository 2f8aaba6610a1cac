# wrong: exponent clamped at 100, so under a cap of 1e300 the ceiling stops at base * 2**100
def backoff_delay(attempt, base, cap, rand):
    return rand() * min(cap, base * 2 ** min(attempt, 100))
