# wrong: uniform between base and the ceiling
def backoff_delay(attempt, base, cap, rand):
    c = base; a = 0
    while a < attempt and c < cap:
        c *= 2; a += 1
    c = min(cap, c); return base + rand() * (c - base)
