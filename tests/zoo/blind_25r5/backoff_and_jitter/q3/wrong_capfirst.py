# Exercise 04 q3. WRONG: caps the range before drawing: uniform(base, min(cap, 3*previous)).
# Breaks "min(cap, uniform(base, 3 × previous))".
def decorrelated(previous, base, cap, rand):
    hi = min(cap, 3 * previous)
    return base + rand() * (hi - base)
