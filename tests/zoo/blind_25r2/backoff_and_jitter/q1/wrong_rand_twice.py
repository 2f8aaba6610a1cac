# wrong: calls rand() twice (once to "decide", once for the value)
def backoff_delay(attempt, base, cap, rand):
    c = base
    for _ in range(attempt):
        if c >= cap:
            break
        c *= 2
    if rand() < 0:
        return 0.0
    return rand() * min(cap, c)
