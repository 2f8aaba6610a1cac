# mistake: equal jitter (half fixed + random half) instead of full jitter
def backoff_delay(attempt, base, cap, rand):
    c = cap if attempt >= 1010 else min(cap, base * 2.0 ** attempt)
    return c / 2 + rand() * c / 2
