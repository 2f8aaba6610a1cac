# wrong: rand() evaluated before the overflow, then again in except (2 calls)
def backoff_delay(attempt, base, cap, rand):
    try:
        return rand() * min(cap, base * 2.0 ** attempt)
    except OverflowError:
        return rand() * cap
