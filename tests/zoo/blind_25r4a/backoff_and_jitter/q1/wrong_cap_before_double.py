# wrong: min(cap, base) * 2^attempt (cap applied before doubling)
def backoff_delay(attempt, base, cap, rand):
    c = min(cap, base); a = 0
    while a < attempt and c < 1e308:
        c *= 2; a += 1
    return rand() * c
