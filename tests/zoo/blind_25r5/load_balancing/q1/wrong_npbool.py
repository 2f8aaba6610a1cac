# Exercise 10 q1. WRONG type: numpy.bool_ result (not a bool). Breaks "True or False (a bool)".
import numpy as np
def fits(tasks, cpus, limit):
    blocks, cur = 1, 0
    for x in tasks:
        if x > limit:
            return False
        if cur + x > limit:
            blocks += 1; cur = x
        else:
            cur += x
    return np.bool_(blocks <= cpus)
