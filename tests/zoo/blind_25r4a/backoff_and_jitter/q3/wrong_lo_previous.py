# wrong: lower end is previous, not base
def decorrelated(previous, base, cap, rand):
    return min(cap, previous + rand() * (3 * previous - previous))
