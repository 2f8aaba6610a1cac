# mistake: numbers retries from 1 (ceiling base*2 on the first retry)
def retry_schedule(attempts, base, cap, rand):
    t = 0.0; out = []
    for n in range(1, attempts + 1):
        t += rand() * (cap if n >= 1010 else min(cap, base * 2.0 ** n)); out.append(t)
    return out
