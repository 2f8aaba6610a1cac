# wrong: the draw covers only 95% of the range around its middle (not uniform on [base, 3*previous])
def decorrelated(previous, base, cap, rand):
    lo, hi = base, 3 * previous
    mid, half = (lo + hi) / 2, (hi - lo) / 2 * 0.95
    return min(cap, mid + (2 * rand() - 1) * half)
