# mistake: caps the upper bound before drawing: uniform(base, min(cap, 3*previous))
def decorrelated(previous, base, cap, rand):
    hi = min(cap, 3 * previous)
    return base + rand() * (hi - base)
