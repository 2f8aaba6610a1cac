# style: all() over EDF finish times
from itertools import accumulate
def feasible(jobs):
    js = sorted(jobs, key=lambda j: j.deadline)
    return all(f <= j.deadline for f, j in zip(accumulate(j.duration for j in js), js))
