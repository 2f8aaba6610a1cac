# wrong: tries all cpus**n assignments (exponential, too slow on Graham's 5-CPU case)
from itertools import product
def min_makespan(tasks, cpus):
    if not tasks:
        return 0
    best = None
    for assign in product(range(cpus), repeat=len(tasks)):
        loads = [0] * cpus
        for t, c in zip(tasks, assign):
            loads[c] += t
        m = max(loads)
        if best is None or m < best:
            best = m
    return best
