# wrong: returns a tuple
def retry_schedule(attempts, base, cap, rand):
    out, t, c = [], 0, base
    for a in range(attempts):
        t += rand() * min(cap, c)
        out.append(t)
        if c < cap:
            c *= 2
    return tuple(out)
