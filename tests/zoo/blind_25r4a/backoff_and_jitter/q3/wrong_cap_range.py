# wrong: draws uniformly in [base, min(cap, 3p)] (no atom at cap)
def decorrelated(previous, base, cap, rand):
    hi = min(cap, 3 * previous)
    return base + rand() * (hi - base)
