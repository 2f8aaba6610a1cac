# right: itertools.accumulate + max with default
from itertools import accumulate
def max_lateness(order):
    fins = accumulate(j.duration for j in order)
    return max((f - j.deadline for f, j in zip(fins, order)), default=0)
