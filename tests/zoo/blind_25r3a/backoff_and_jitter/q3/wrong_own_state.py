# wrong: keeps its own previous across calls, ignores the argument after the first call
_p = {}
def decorrelated(previous, base, cap, rand):
    p = _p.get("p", previous)
    w = min(cap, base + rand() * (3 * p - base)); _p["p"] = w
    return w
