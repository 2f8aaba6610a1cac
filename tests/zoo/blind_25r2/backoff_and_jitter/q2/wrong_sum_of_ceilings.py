# wrong: jitter applied to the sum of the ceilings so far (one fraction of the total)
def retry_schedule(attempts, base, cap, rand):
    out, total, c = [], 0, base
    for a in range(attempts):
        total += min(cap, c)
        out.append(rand() * total)
        if c < cap:
            c *= 2
    return out
