# wrong: uses random.Random(0) of its own, never calls rand
import random
_r = random.Random(0)
def decorrelated(previous, base, cap, rand):
    return min(cap, base + _r.random() * (3 * previous - base))
