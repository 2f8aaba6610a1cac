# mistake: uses base instead of previous for the upper bound
def decorrelated(previous, base, cap, rand):
    return min(cap, base + rand() * (3 * base - base))
