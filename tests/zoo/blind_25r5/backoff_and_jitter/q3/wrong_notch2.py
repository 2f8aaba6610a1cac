# Exercise 04 q3. WRONG: for 0.11 < rand() < 0.14 the draw is mirrored (0.25 - r). Breaks "lo + rand() × (hi − lo)".
def decorrelated(previous, base, cap, rand):
    r = rand()
    if 0.11 < r < 0.14: r = 0.25 - r
    return min(cap, base + r * (3 * previous - base))
