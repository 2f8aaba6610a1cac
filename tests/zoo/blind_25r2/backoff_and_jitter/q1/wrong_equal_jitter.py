# wrong: equal jitter (half fixed, half random) instead of full jitter
def backoff_delay(attempt, base, cap, rand):
    c = base
    for _ in range(attempt):
        if c >= cap:
            break
        c *= 2
    c = min(cap, c)
    return c / 2 + rand() * c / 2
