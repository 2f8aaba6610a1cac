# right: the other mapping hi - rand()*(hi-lo)
def decorrelated(previous, base, cap, rand):
    hi = 3 * previous
    return min(hi - rand() * (hi - base), cap)
