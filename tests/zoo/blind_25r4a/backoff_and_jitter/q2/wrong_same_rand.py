# wrong: one rand() for all retries
def backoff_delay(attempt, base, cap, rand):
    c = base; a = 0
    while a < attempt and c < cap:
        c *= 2; a += 1
    return rand() * min(cap, c)
def retry_schedule(attempts, base, cap, rand):
    r = rand(); t = 0; out = []
    for a in range(attempts):
        t += backoff_delay(a, base, cap, lambda: r); out.append(t)
    return out
