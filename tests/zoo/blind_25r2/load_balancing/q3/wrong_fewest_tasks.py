# wrong: CPU with the fewest tasks, not the least load
def lpt(tasks, cpus):
    loads, counts = [0] * cpus, [0] * cpus
    for t in sorted(tasks, reverse=True):
        c = min(range(cpus), key=lambda c: (counts[c], loads[c]))
        loads[c] += t; counts[c] += 1
    return loads
