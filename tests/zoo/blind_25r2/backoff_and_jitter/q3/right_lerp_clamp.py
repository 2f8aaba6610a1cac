# right (unusual): lerp then clamp into [base, cap] with sorted()
def decorrelated(previous, base, cap, rand):
    u = rand()
    x = (1 - u) * base + u * (3 * previous)
    return sorted((base, x, cap))[1] if cap >= base else cap
