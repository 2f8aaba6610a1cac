# wrong: the last retry waits the whole ceiling (no jitter "to be sure")
def retry_schedule(attempts, base, cap, rand):
    out, t, c = [], 0, base
    for a in range(attempts):
        t += (rand() if a < attempts - 1 else 1.0) * min(cap, c)
        out.append(t)
        if c < cap:
            c *= 2
    return out
