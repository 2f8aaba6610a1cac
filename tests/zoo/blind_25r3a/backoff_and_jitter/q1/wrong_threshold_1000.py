# wrong: "huge attempt -> cap" cut at 1000, but base*2^1000 can still be below cap 1e300 (base 0.001)
def backoff_delay(attempt, base, cap, rand):
    c = cap if attempt >= 1000 else min(cap, base * 2 ** attempt)
    return rand() * c
