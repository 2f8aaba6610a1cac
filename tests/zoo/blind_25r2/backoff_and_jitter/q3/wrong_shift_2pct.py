# wrong: the fraction is squeezed into [0.02, 1): never draws the bottom 2% of [base, 3 * previous]
def decorrelated(previous, base, cap, rand):
    u = 0.02 + 0.98 * rand()
    return min(cap, base + u * (3 * previous - base))
