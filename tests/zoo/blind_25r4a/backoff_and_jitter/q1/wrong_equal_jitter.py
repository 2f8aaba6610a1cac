# wrong: equal jitter (half + half random)
def backoff_delay(attempt, base, cap, rand):
    c = base; a = 0
    while a < attempt and c < cap:
        c *= 2; a += 1
    c = min(cap, c); return c / 2 + rand() * c / 2
