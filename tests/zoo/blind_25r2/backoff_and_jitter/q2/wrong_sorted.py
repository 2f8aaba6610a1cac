# wrong: times sorted after the fact ... and each wait from time 0 (waits, sorted)
def retry_schedule(attempts, base, cap, rand):
    out, c = [], base
    for a in range(attempts):
        out.append(rand() * min(cap, c))
        if c < cap:
            c *= 2
    return sorted(out)
