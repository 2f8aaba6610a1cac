# wrong: longest first, but dealt to CPUs in turn
def lpt(tasks, cpus):
    loads = [0] * cpus
    for k, t in enumerate(sorted(tasks, reverse=True)):
        loads[k % cpus] += t
    return loads
