# right: functools.reduce over (clock, worst), worst starting at -inf, 0 for no jobs
from functools import reduce
def max_lateness(order):
    if not order:
        return 0
    return reduce(lambda acc, j: (acc[0] + j.duration, max(acc[1], acc[0] + j.duration - j.deadline)),
                  order, (0, float("-inf")))[1]
