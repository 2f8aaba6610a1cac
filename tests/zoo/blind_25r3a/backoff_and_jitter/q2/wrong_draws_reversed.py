# wrong: draws all rands first, then uses them last-to-first
def retry_schedule(attempts, base, cap, rand):
    r = [rand() for _ in range(attempts)][::-1]; t = 0; out = []
    for a in range(attempts):
        t += r[a] * min(cap, base * 2 ** min(a, 2000)); out.append(t)
    return out
