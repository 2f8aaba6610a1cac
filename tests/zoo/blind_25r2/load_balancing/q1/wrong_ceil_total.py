# wrong: ceil(total / limit) blocks assumed enough
import math
def fits(tasks, cpus, limit):
    if any(t > limit for t in tasks):
        return False
    if limit == 0:
        return True
    return math.ceil(sum(tasks) / limit) <= cpus
