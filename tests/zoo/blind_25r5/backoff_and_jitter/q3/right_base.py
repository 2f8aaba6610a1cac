# Exercise 04 q3. Right.
def decorrelated(previous, base, cap, rand):
    lo, hi = base, 3 * previous
    return min(cap, lo + rand() * (hi - lo))
