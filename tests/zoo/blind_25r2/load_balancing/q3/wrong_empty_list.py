# wrong: no tasks gives [] instead of a zero load per CPU
def lpt(tasks, cpus):
    if not tasks:
        return []
    loads = [0] * cpus
    for t in sorted(tasks, reverse=True):
        c = min(range(cpus), key=loads.__getitem__)
        loads[c] += t
    return loads
