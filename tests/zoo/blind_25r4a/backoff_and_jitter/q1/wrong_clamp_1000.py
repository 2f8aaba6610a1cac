# wrong: exponent clamped at 1000 (0.001 * 2^1000 < 10^300)
def backoff_delay(attempt, base, cap, rand):
    return rand() * min(cap, base * 2.0 ** min(attempt, 1000))
