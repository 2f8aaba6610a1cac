# wrong: uses random.uniform, not the rand passed in
import random
def decorrelated(previous, base, cap, rand):
    return min(cap, random.uniform(base, 3 * previous))
