# wrong: max(base, min(cap, ...)) then * 1 but 3*previous computed as previous*2 + base
def decorrelated(previous, base, cap, rand):
    return min(cap, base + rand() * (2 * previous + base - base))
