# wrong: places the tasks in the order given
def lpt(tasks, cpus):
    loads = [0] * cpus
    for t in tasks:
        c = min(range(cpus), key=loads.__getitem__)
        loads[c] += t
    return loads
