# style: exponent threshold beyond which the cap always wins (base >= 2^-10, cap <= 2^997)
def backoff_delay(attempt, base, cap, rand):
    ceiling = cap if attempt >= 1010 else min(cap, base * 2.0 ** attempt)
    return rand() * ceiling
