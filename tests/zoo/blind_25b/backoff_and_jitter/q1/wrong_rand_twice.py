# mistake: calls rand() twice (equal-jitter-like: half + random half... here two draws)
def backoff_delay(attempt, base, cap, rand):
    c = cap if attempt >= 1010 else min(cap, base * 2.0 ** attempt)
    return c / 2 * rand() + c / 2 * rand()
