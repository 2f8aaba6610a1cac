# wrong: uniform(previous, 3*previous)
def decorrelated(previous, base, cap, rand):
    return min(cap, previous + rand() * 2 * previous)
