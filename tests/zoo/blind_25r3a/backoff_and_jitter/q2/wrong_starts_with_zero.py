# wrong: first entry is the failure at t=0
def retry_schedule(attempts, base, cap, rand):
    t = 0; out = []
    for a in range(attempts):
        out.append(t); t += rand() * min(cap, base * 2 ** min(a, 2000))
    return out
