# wrong: retry numbers start at 1
def retry_schedule(attempts, base, cap, rand):
    t = 0; out = []
    for a in range(1, attempts + 1):
        t += rand() * min(cap, base * 2 ** min(a, 2000)); out.append(t)
    return out
