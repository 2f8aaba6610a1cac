# wrong: caps the range before drawing (uniform(base, min(cap, 3p))) instead of capping the draw
def decorrelated(previous, base, cap, rand):
    hi = min(cap, 3 * previous)
    return base + rand() * (hi - base)
