# wrong: when the ceiling is capped, rand() is called twice
def backoff_delay(attempt, base, cap, rand):
    c = base; a = 0
    while a < attempt and c < cap:
        c *= 2; a += 1
    if c >= cap: rand()
    return rand() * min(cap, c)
