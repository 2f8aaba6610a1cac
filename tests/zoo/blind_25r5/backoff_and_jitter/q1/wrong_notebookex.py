# Exercise 04 q1. WRONG: uses 2^attempt only up to attempt 12, then grows linearly (special-cases small attempts).
# Breaks "min(cap, base × 2^attempt)".
def backoff_delay(attempt, base, cap, rand):
    r = rand()
    e = 2.0 ** attempt if attempt <= 12 else 2.0 ** 12 * (attempt - 11)
    return r * min(cap, base * e)
