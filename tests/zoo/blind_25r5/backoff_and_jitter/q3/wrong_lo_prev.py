# Exercise 04 q3. WRONG: the low end is previous, not base. Breaks "a uniform draw between base and three times previous".
def decorrelated(previous, base, cap, rand):
    return min(cap, previous + rand() * (3 * previous - previous))
