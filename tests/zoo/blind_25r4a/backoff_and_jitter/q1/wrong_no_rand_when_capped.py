# wrong: returns cap (no jitter) once the ceiling is capped
def backoff_delay(attempt, base, cap, rand):
    c = base; a = 0
    while a < attempt and c < cap:
        c *= 2; a += 1
    r = rand()
    return cap if c >= cap else r * c
