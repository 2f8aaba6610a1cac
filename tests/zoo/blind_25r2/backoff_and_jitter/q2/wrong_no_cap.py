# wrong: the cap is not applied to the ceiling
def retry_schedule(attempts, base, cap, rand):
    out, t, c = [], 0, base
    for a in range(attempts):
        t += rand() * c
        out.append(t)
        c *= 2
    return out
