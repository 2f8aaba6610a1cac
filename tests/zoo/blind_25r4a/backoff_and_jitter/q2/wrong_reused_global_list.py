# wrong: returns one module-level list refilled on every call
_out = []
def retry_schedule(attempts, base, cap, rand):
    _out.clear(); t = 0
    for a in range(attempts):
        c = base; k = 0
        while k < a and c < cap: c *= 2; k += 1
        t += rand() * min(cap, c); _out.append(t)
    return _out
