# wrong: never waits less than base (max(base, fraction))
def backoff_delay(attempt, base, cap, rand):
    c = base
    for _ in range(attempt):
        if c >= cap:
            break
        c *= 2
    return max(base, rand() * min(cap, c))
