# mistake: draws rand() once and reuses it for every retry
def retry_schedule(attempts, base, cap, rand):
    t = 0.0; out = []
    r = rand() if attempts else 0
    for n in range(attempts):
        t += r * (cap if n >= 1010 else min(cap, base * 2.0 ** n)); out.append(t)
    return out
