# mistake: forgets the cap in the schedule
def retry_schedule(attempts, base, cap, rand):
    t = 0.0; out = []
    for n in range(attempts):
        t += rand() * base * 2.0 ** min(n, 1000); out.append(t)
    return out
