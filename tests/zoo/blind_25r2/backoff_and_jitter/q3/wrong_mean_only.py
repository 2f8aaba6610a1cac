# wrong: calls rand() but always returns the mean of the range
def decorrelated(previous, base, cap, rand):
    rand()
    return min(cap, (base + 3 * previous) / 2)
