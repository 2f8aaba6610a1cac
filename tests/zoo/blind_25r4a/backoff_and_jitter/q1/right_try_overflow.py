# right: float power, OverflowError means the cap
def backoff_delay(attempt, base, cap, rand):
    try:
        c = min(cap, base * 2.0 ** attempt)
    except OverflowError:
        c = cap
    return rand() * c
