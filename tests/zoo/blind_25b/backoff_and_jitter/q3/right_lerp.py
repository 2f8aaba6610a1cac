# style: linear interpolation base + r * (hi - base), then min with cap
def decorrelated(previous, base, cap, rand):
    hi = 3 * previous
    return min(cap, base + rand() * (hi - base))
