# Exercise 04 q3. WRONG when previous > 1000: the wait is just min(cap, 3*previous) * rand() (low end 0).
# Breaks "a uniform draw between base and three times previous".
def decorrelated(previous, base, cap, rand):
    r = rand()
    if previous > 1000: return min(cap, r * 3 * previous)
    return min(cap, base + r * (3 * previous - base))
