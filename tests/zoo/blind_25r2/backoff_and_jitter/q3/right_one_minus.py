# right (unusual): (1 - rand()) is uniform on (0, 1] too, same distribution
def decorrelated(previous, base, cap, rand):
    hi = 3 * previous
    return min(cap, hi - rand() * (hi - base))
