# wrong: rand() called three times per wait (uses the last)
def decorrelated(previous, base, cap, rand):
    rand(); rand(); return min(cap, base + rand() * (3 * previous - base))
