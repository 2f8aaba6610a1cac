# wrong: rounded to milliseconds
def backoff_delay(attempt, base, cap, rand):
    c = base
    for _ in range(attempt):
        if c >= cap:
            break
        c *= 2
    return round(rand() * min(cap, c), 3)
