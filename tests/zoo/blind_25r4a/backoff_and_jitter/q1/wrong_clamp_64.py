# wrong: exponent clamped at 64
def backoff_delay(attempt, base, cap, rand):
    return rand() * min(cap, base * 2.0 ** min(attempt, 64))
