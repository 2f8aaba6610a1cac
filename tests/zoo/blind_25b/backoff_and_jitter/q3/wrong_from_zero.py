# mistake: uniform(0, 3*previous) instead of uniform(base, 3*previous)
def decorrelated(previous, base, cap, rand):
    return min(cap, rand() * 3 * previous)
