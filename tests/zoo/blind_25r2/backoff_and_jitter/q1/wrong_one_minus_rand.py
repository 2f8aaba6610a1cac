# wrong: (1 - rand()) as the fraction: a (0, 1] draw, and not the value for the given rand()
def backoff_delay(attempt, base, cap, rand):
    c = base
    for _ in range(attempt):
        if c >= cap:
            break
        c *= 2
    return (1 - rand()) * min(cap, c)
