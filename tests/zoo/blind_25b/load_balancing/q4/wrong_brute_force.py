# mistake: tries all cpus^n assignments (too slow for 5^11)
from itertools import product
def min_makespan(tasks, cpus):
    if not tasks: return 0
    best = None
    for a in product(range(cpus), repeat=len(tasks)):
        loads = [0] * cpus
        for t, c in zip(tasks, a): loads[c] += t
        m = max(loads); best = m if best is None else min(best, m)
    return best
