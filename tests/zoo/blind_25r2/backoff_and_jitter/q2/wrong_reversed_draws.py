# wrong: draws the waits for the last retry first (rand() order reversed)
def retry_schedule(attempts, base, cap, rand):
    waits = [0.0] * attempts
    for a in reversed(range(attempts)):
        waits[a] = rand() * min(cap, base * 2.0 ** min(a, 1023))
    out, t = [], 0
    for w in waits:
        t += w; out.append(t)
    return out
