# wrong: rounds the wait to milliseconds
def backoff_delay(attempt, base, cap, rand):
    c = base; a = 0
    while a < attempt and c < cap:
        c *= 2; a += 1
    return round(rand() * min(cap, c), 3)
