# wrong: once the ceiling reaches the cap, waits exactly the cap (no rand() call)
def backoff_delay(attempt, base, cap, rand):
    c = base
    for _ in range(attempt):
        if c >= cap:
            break
        c *= 2
    if c >= cap:
        return cap
    return rand() * c
