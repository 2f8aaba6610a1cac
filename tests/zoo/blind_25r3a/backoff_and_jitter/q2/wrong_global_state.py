# wrong: attempt counter kept across calls
_n = [0]
def retry_schedule(attempts, base, cap, rand):
    t = 0; out = []
    for _ in range(attempts):
        a = _n[0]; _n[0] += 1
        t += rand() * min(cap, base * 2 ** min(a, 2000)); out.append(t)
    return out
