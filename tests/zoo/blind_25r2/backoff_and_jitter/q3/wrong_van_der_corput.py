# wrong: ignores rand() and walks a low-discrepancy sequence kept in a global ("Build the draw from rand()")
_n = [0]
def decorrelated(previous, base, cap, rand):
    rand()
    _n[0] += 1
    k, x, d = _n[0], 0.0, 0.5
    while k:
        if k & 1:
            x += d
        k >>= 1; d /= 2
    return min(cap, base + x * (3 * previous - base))
