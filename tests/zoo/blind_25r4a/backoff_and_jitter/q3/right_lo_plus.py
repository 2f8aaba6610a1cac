# right: lo + rand()*(hi-lo), capped
def decorrelated(previous, base, cap, rand):
    return min(cap, base + rand() * (3 * previous - base))
