# wrong: hi = 3*base
def decorrelated(previous, base, cap, rand):
    return min(cap, base + rand() * (3 * base - base))
