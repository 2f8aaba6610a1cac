# wrong: caches the ceiling per (attempt, base) in a default argument, ignoring the cap
def backoff_delay(attempt, base, cap, rand, _c={}):
    key = (attempt, base)
    if key not in _c:
        c = base
        for _ in range(attempt):
            if c >= cap:
                break
            c *= 2
        _c[key] = min(cap, c)
    return rand() * _c[key]
