# wrong: range(attempts - 1), one retry short
def retry_schedule(attempts, base, cap, rand):
    out, t, c = [], 0, base
    for a in range(attempts - 1):
        t += rand() * min(cap, c)
        out.append(t)
        if c < cap:
            c *= 2
    return out
