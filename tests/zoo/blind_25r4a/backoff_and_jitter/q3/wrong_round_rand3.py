# wrong: rand() rounded to 3 decimals
def decorrelated(previous, base, cap, rand):
    return min(cap, base + round(rand(), 3) * (3 * previous - base))
