# mistake: first retry uses 2^1 (attempt + 1)
def backoff_delay(attempt, base, cap, rand):
    e = attempt + 1
    return rand() * (cap if e >= 1010 else min(cap, base * 2.0 ** e))
