# wrong (subtle): warped rand that agrees at 0, .25, .5, .75 (not uniform)
import math
def decorrelated(previous, base, cap, rand):
    r = rand(); r = r + 0.02 * math.sin(4 * math.pi * r)
    return min(cap, base + r * (3 * previous - base))
