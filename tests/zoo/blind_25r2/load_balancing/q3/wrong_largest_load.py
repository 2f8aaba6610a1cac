# wrong: places each task on the MOST loaded CPU that... no: on the CPU whose load after would be largest under the average
def lpt(tasks, cpus):
    loads = [0] * cpus
    avg = sum(tasks) / cpus if cpus else 0
    for t in sorted(tasks, reverse=True):
        fit = [c for c in range(cpus) if loads[c] + t <= avg]
        c = max(fit, key=loads.__getitem__) if fit else min(range(cpus), key=loads.__getitem__)
        loads[c] += t
    return loads
