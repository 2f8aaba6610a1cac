# mistake: caps after drawing the jitter (min(cap, rand * base * 2^n))
def backoff_delay(attempt, base, cap, rand):
    r = rand()
    if attempt >= 1010:
        return cap
    return min(cap, r * base * 2.0 ** attempt)
