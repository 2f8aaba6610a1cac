# wrong: base * (1 << attempt): an int too large to convert to float for huge attempts
def backoff_delay(attempt, base, cap, rand):
    return rand() * min(cap, base * (1 << attempt))
