# wrong: average of two draws (triangular: same mean, smaller spread)
def decorrelated(previous, base, cap, rand):
    u = (rand() + rand()) / 2
    return min(cap, base + u * (3 * previous - base))
