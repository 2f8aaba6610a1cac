# wrong: uses previous wait as base of next (decorrelated-ish)
def backoff_delay(attempt, base, cap, rand):
    c = base; a = 0
    while a < attempt and c < cap:
        c *= 2; a += 1
    return rand() * min(cap, c)
def retry_schedule(attempts, base, cap, rand):
    t = 0; out = []; b = base
    for a in range(attempts):
        w = rand() * min(cap, b * 2); b = max(base, w); t += w; out.append(t)
    return out
