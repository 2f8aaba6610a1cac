# wrong: uniform(base, 3 * base), previous ignored
def decorrelated(previous, base, cap, rand):
    return min(cap, base + rand() * 2 * base)
