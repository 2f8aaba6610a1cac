# wrong: no attempts returns [0.0]
def retry_schedule(attempts, base, cap, rand):
    if attempts == 0:
        return [0.0]
    out, t, c = [], 0, base
    for a in range(attempts):
        t += rand() * min(cap, c)
        out.append(t)
        if c < cap:
            c *= 2
    return out
