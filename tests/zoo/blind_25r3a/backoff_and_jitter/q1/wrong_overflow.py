# wrong: base * 2**attempt overflows for attempt 10^6
def backoff_delay(attempt, base, cap, rand):
    return rand() * min(cap, base * 2 ** attempt)
