# wrong: no cap
def decorrelated(previous, base, cap, rand):
    return base + rand() * (3 * previous - base)
