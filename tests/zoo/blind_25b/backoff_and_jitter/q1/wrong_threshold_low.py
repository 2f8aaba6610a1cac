# mistake: threshold too low: assumes cap reached by attempt 64 (caps up to 1e300 are allowed)
def backoff_delay(attempt, base, cap, rand):
    c = cap if attempt >= 64 else min(cap, base * 2.0 ** attempt)
    return rand() * c
