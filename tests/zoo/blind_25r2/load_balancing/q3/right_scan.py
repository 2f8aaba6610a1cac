# right (unusual): O(n * cpus) scan, min() returns the lowest index on ties
def lpt(tasks, cpus):
    loads = [0] * cpus
    for t in sorted(tasks)[::-1]:
        c = min(range(cpus), key=loads.__getitem__)
        loads[c] += t
    return loads
