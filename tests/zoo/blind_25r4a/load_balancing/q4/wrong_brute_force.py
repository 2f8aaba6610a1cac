# wrong: tries all cpus^n assignments (too slow on Graham's case)
import itertools
def min_makespan(tasks, cpus):
    if not tasks: return 0
    best = None
    for a in itertools.product(range(cpus), repeat=len(tasks)):
        loads = [0] * cpus
        for t, c in zip(tasks, a): loads[c] += t
        m = max(loads); best = m if best is None or m < best else best
    return best
