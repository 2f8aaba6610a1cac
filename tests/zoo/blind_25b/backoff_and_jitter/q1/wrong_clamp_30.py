# mistake: clamps the exponent at 30, wrong when cap is far above base * 2^30
def backoff_delay(attempt, base, cap, rand):
    return rand() * min(cap, base * 2 ** min(attempt, 30))
