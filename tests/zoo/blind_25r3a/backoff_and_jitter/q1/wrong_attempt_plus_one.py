# wrong: attempt 0 uses base*2
def backoff_delay(attempt, base, cap, rand):
    c = cap if attempt > 2000 else min(cap, base * 2 ** (attempt + 1))
    return rand() * c
