# mistake: on a tie takes the highest-numbered CPU
def lpt(tasks, cpus):
    loads = [0] * cpus
    for t in sorted(tasks, reverse=True):
        c = min(range(cpus), key=lambda c: (loads[c], -c)); loads[c] += t
    return loads
