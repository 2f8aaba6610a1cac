# wrong: exponent clamped at 500: 0.001 * 2**500 = 3.3e147, far below a cap of 1e300
def backoff_delay(attempt, base, cap, rand):
    return rand() * min(cap, base * 2.0 ** min(attempt, 500))
