# right: running sum
def retry_schedule(attempts, base, cap, rand):
    t = 0; out = []
    for a in range(attempts):
        c = cap if a > 2000 else min(cap, base * 2 ** a)
        t += rand() * c; out.append(t)
    return out
