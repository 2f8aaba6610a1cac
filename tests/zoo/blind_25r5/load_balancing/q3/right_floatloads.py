# Exercise 10 q3. RIGHT?/borderline: loads kept as floats starting at 0.0 (the statement says "the loads, as a list", no int named).
def lpt(tasks, cpus):
    loads = [0.0] * cpus
    for x in sorted(tasks, reverse=True):
        c = min(range(cpus), key=loads.__getitem__); loads[c] += x
    return loads
