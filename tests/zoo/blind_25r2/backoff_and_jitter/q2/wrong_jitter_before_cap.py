# wrong: min(cap, rand() * ceiling): the cap clips the draw, not the ceiling
def retry_schedule(attempts, base, cap, rand):
    out, t, c = [], 0, base
    for a in range(attempts):
        t += min(cap, rand() * c)
        out.append(t)
        if c < cap:
            c *= 2
    return out
