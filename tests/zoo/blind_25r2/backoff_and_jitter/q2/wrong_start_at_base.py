# wrong: the clock starts at base (failure "after one base")
def retry_schedule(attempts, base, cap, rand):
    out, t, c = [], base, base
    for a in range(attempts):
        t += rand() * min(cap, c)
        out.append(t)
        if c < cap:
            c *= 2
    return out
