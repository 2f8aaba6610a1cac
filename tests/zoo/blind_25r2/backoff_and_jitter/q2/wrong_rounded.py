# wrong: times rounded to milliseconds
def retry_schedule(attempts, base, cap, rand):
    out, t, c = [], 0, base
    for a in range(attempts):
        t += rand() * min(cap, c)
        out.append(round(t, 3))
        if c < cap:
            c *= 2
    return out
