# wrong: one rand() for the whole schedule
def retry_schedule(attempts, base, cap, rand):
    r = rand() if attempts else 0
    out, t, c = [], 0, base
    for a in range(attempts):
        t += r * min(cap, c)
        out.append(t)
        if c < cap:
            c *= 2
    return out
