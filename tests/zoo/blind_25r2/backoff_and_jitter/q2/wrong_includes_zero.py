# wrong: includes the failure at t = 0 as the first entry
def retry_schedule(attempts, base, cap, rand):
    out, t, c = [0], 0, base
    for a in range(attempts):
        t += rand() * min(cap, c)
        out.append(t)
        if c < cap:
            c *= 2
    return out
