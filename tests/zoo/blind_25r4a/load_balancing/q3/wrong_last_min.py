# wrong: last CPU among equal minimum loads
def lpt(tasks, cpus):
    loads = [0] * cpus
    for x in sorted(tasks, reverse=True):
        m = min(loads); c = max(i for i in range(cpus) if loads[i] == m); loads[c] += x
    return loads
