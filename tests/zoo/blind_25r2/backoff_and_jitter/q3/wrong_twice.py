# wrong: 2 * previous instead of 3 * previous
def decorrelated(previous, base, cap, rand):
    return min(cap, base + rand() * (2 * previous - base))
