# Exercise 04 q3. WRONG: two times previous. Breaks "three times this client's previous wait".
def decorrelated(previous, base, cap, rand):
    return min(cap, base + rand() * (2 * previous - base))
