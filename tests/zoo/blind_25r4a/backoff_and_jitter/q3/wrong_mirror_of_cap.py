# wrong: min applied to previous (3*min(cap, previous))
def decorrelated(previous, base, cap, rand):
    return base + rand() * (3 * min(cap, previous) - base)
