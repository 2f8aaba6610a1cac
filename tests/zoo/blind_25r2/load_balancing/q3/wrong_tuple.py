# wrong: returns a tuple
def lpt(tasks, cpus):
    loads = [0] * cpus
    for t in sorted(tasks, reverse=True):
        c = min(range(cpus), key=loads.__getitem__)
        loads[c] += t
    return tuple(loads)
