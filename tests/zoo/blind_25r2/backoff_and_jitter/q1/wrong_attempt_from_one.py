# wrong: attempt 0 already waits up to 2 * base (counts from 1)
def backoff_delay(attempt, base, cap, rand):
    c = base
    for _ in range(attempt + 1):
        if c >= cap:
            break
        c *= 2
    return rand() * min(cap, c)
