# right: hi - rand()*(hi-lo) (allowed by the statement)
def decorrelated(previous, base, cap, rand):
    hi = 3 * previous
    return min(cap, hi - rand() * (hi - base))
