# Exercise 04 q3. WRONG: for 0.96 < rand() < 0.99 the draw is taken as 0.96 (a notch in the mapping between
# the held values 0.95 and 0.999999). Breaks "lo + rand() × (hi − lo)".
def decorrelated(previous, base, cap, rand):
    r = rand()
    if 0.96 < r < 0.99: r = 0.96
    return min(cap, base + r * (3 * previous - base))
