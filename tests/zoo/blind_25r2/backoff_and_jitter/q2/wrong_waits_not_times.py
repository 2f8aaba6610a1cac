# wrong: returns the waits, not the absolute times
def retry_schedule(attempts, base, cap, rand):
    out, c = [], base
    for a in range(attempts):
        out.append(rand() * min(cap, c))
        if c < cap:
            c *= 2
    return out
