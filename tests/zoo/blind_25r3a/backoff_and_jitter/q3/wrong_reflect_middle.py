# wrong: mapping reflected on [0.1, 0.2) (same distribution, same held values), not lo + rand()*(hi-lo)
def decorrelated(previous, base, cap, rand):
    u = rand()
    if 0.1 <= u < 0.2: u = 0.3 - u
    return min(cap, base + u * (3 * previous - base))
