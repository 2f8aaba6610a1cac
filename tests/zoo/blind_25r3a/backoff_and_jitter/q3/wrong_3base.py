# wrong: 3*base instead of 3*previous
def decorrelated(previous, base, cap, rand):
    return min(cap, base + rand() * (3 * base - base))
