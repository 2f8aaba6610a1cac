# right: scan for min load with index (lowest index on tie)
def lpt(tasks, cpus):
    loads = [0] * cpus
    for x in sorted(tasks, reverse=True):
        c = min(range(cpus), key=lambda i: (loads[i], i)); loads[c] += x
    return loads
