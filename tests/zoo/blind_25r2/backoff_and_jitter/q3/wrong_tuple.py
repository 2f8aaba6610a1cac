# wrong: returns (wait, previous)
def decorrelated(previous, base, cap, rand):
    w = min(cap, base + rand() * (3 * previous - base))
    return (w, previous)
