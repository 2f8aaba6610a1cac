# wrong: attempt 0 draws rand() twice (warm-up call)
def backoff_delay(attempt, base, cap, rand):
    if attempt == 0: rand()
    c = base; a = 0
    while a < attempt and c < cap:
        c *= 2; a += 1
    return rand() * min(cap, c)
