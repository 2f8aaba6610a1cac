# wrong: rand() called twice
def decorrelated(previous, base, cap, rand):
    rand(); return min(cap, base + rand() * (3 * previous - base))
