# wrong: sorts the sizes as strings ("9" > "10")
def lpt(tasks, cpus):
    loads = [0] * cpus
    for t in sorted(tasks, key=str, reverse=True):
        c = min(range(cpus), key=loads.__getitem__)
        loads[c] += t
    return loads
