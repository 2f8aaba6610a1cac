# wrong: rand() ** 2 (not uniform, skewed low)
def decorrelated(previous, base, cap, rand):
    return min(cap, base + rand() ** 2 * (3 * previous - base))
