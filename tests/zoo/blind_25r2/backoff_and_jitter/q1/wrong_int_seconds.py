# wrong: whole seconds (int truncation)
def backoff_delay(attempt, base, cap, rand):
    c = base
    for _ in range(attempt):
        if c >= cap:
            break
        c *= 2
    return int(rand() * min(cap, c))
