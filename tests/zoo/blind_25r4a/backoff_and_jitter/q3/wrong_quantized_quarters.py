# wrong (subtle): rand floored to a 1/1000 grid; exact at the fixed points
import math
def decorrelated(previous, base, cap, rand):
    r = math.floor(rand() * 1000) / 1000
    return min(cap, base + r * (3 * previous - base))
