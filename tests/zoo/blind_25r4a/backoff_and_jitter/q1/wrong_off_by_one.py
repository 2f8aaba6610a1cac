# wrong: 2^(attempt+1)
def backoff_delay(attempt, base, cap, rand):
    c = base * 2; a = 0
    while a < attempt and c < cap:
        c *= 2; a += 1
    return rand() * min(cap, c)
