# Exercise 10 q3. RIGHT, unusual: no heap, min over range by load (lowest index on ties).
def lpt(tasks, cpus):
    loads = [0] * cpus
    for x in sorted(tasks, reverse=True):
        c = min(range(cpus), key=loads.__getitem__); loads[c] += x
    return loads
