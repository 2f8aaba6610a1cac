# Exercise 04 q3. WRONG: a non-linear mapping r -> r**1.02 (almost uniform). Breaks "lo + rand() × (hi − lo)".
def decorrelated(previous, base, cap, rand):
    return min(cap, base + rand() ** 1.02 * (3 * previous - base))
