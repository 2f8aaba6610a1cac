# wrong: uniform(0, 3 * previous)
def decorrelated(previous, base, cap, rand):
    return min(cap, rand() * 3 * previous)
