# right: all() over accumulate in EDF order
from itertools import accumulate
def feasible(jobs):
    js = sorted(jobs, key=lambda j: (j.deadline, -j.duration))
    return all(f <= j.deadline for f, j in zip(accumulate(j.duration for j in js), js))
