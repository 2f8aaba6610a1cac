# Exercise 04 q3. WRONG for base < 0.5: the low end is taken as 0. Breaks "between base and three times previous".
def decorrelated(previous, base, cap, rand):
    lo = base if base >= 0.5 else 0
    return min(cap, lo + rand() * (3 * previous - lo))
