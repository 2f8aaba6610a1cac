# right: itertools.takewhile for the stop rule, a filter with running room for skip
from itertools import takewhile
def pick_batch(jobs, capacity, skip):
    ordered = sorted(jobs, key=lambda j: j.priority)
    room = [capacity]
    def fits(j):
        if j.size <= room[0]:
            room[0] -= j.size
            return True
        return False
    chosen = list(filter(fits, ordered)) if skip else list(takewhile(fits, ordered))
    return [j.name for j in chosen]
