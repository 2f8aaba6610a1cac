# right: 2.0**attempt below 1024, else inf; base*inf -> min gives cap
def backoff_delay(attempt, base, cap, rand):
    p = 2.0 ** attempt if attempt < 1024 else float("inf")
    return rand() * min(cap, base * p)
