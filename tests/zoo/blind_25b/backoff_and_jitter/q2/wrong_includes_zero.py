# mistake: includes the failure time 0 as the first entry
def retry_schedule(attempts, base, cap, rand):
    t = 0.0; out = [0.0]
    for n in range(attempts - 1):
        t += rand() * (cap if n >= 1010 else min(cap, base * 2.0 ** n)); out.append(t)
    return out if attempts else []
