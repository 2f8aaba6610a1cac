# wrong: keeps its own previous wait in a global instead of using the argument
_prev = [None]
def decorrelated(previous, base, cap, rand):
    p = previous if _prev[0] is None else _prev[0]
    w = min(cap, base + rand() * (3 * p - base))
    _prev[0] = w
    return w
