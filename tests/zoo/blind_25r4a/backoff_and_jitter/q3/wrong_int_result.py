# wrong: int seconds
def decorrelated(previous, base, cap, rand):
    return int(min(cap, base + rand() * (3 * previous - base)))
