# wrong: tasks.sort(reverse=True) reorders the caller's list
def lpt(tasks, cpus):
    tasks.sort(reverse=True)
    loads = [0] * cpus
    for t in tasks:
        c = min(range(cpus), key=loads.__getitem__)
        loads[c] += t
    return loads
