# right (unusual): recursion building the list front to back
def retry_schedule(attempts, base, cap, rand, _a=0, _t=0.0, _c=None):
    if _a == attempts:
        return []
    c = base if _c is None else _c
    t = _t + rand() * min(cap, c)
    return [t] + retry_schedule(attempts, base, cap, rand, _a + 1, t, c * 2 if c < cap else c)
