# wrong: rand()**2 (not uniform)
def decorrelated(previous, base, cap, rand):
    return min(cap, base + rand() ** 2 * (3 * previous - base))
