# wrong: rand() rounded to 2 decimals
def decorrelated(previous, base, cap, rand):
    return min(cap, base + round(rand(), 2) * (3 * previous - base))
