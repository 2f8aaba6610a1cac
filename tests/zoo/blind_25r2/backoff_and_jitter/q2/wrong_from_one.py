# wrong: the first retry uses attempt 1 (2 * base)
def retry_schedule(attempts, base, cap, rand):
    out, t, c = [], 0, base * 2
    for a in range(attempts):
        t += rand() * min(cap, c)
        out.append(t)
        if c < cap:
            c *= 2
    return out
