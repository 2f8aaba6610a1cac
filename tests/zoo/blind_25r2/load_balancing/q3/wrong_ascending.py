# wrong: shortest first
def lpt(tasks, cpus):
    loads = [0] * cpus
    for t in sorted(tasks):
        c = min(range(cpus), key=loads.__getitem__)
        loads[c] += t
    return loads
