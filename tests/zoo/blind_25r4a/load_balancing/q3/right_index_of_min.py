# right: loads.index(min(loads)) gives the lowest index on a tie
def lpt(tasks, cpus):
    loads = [0] * cpus
    for x in sorted(tasks, reverse=True):
        loads[loads.index(min(loads))] += x
    return loads
