# wrong: the first retry waits exactly base (no rand() call)
def backoff_delay(attempt, base, cap, rand):
    if attempt == 0:
        return base
    c = base
    for _ in range(attempt):
        if c >= cap:
            break
        c *= 2
    return rand() * min(cap, c)
