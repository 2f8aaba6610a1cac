# wrong: draws all rands first, then assigns them last-first
def backoff_delay(attempt, base, cap, rand):
    c = base; a = 0
    while a < attempt and c < cap:
        c *= 2; a += 1
    return rand() * min(cap, c)
def retry_schedule(attempts, base, cap, rand):
    rs = [rand() for _ in range(attempts)][::-1]; it = iter(rs)
    t = 0; out = []
    for a in range(attempts):
        t += backoff_delay(a, base, cap, lambda: next(it)); out.append(t)
    return out
