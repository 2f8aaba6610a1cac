# wrong: max(cap, ...) for min(cap, ...)
def decorrelated(previous, base, cap, rand):
    return max(cap, base + rand() * (3 * previous - base))
