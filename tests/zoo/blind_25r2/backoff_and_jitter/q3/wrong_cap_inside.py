# wrong: caps the upper end first, uniform(base, min(cap, 3 * previous))
def decorrelated(previous, base, cap, rand):
    return base + rand() * (min(cap, 3 * previous) - base)
