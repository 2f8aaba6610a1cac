# wrong: returns the tasks on each CPU instead of the loads
def lpt(tasks, cpus):
    loads, assign = [0] * cpus, [[] for _ in range(cpus)]
    for t in sorted(tasks, reverse=True):
        c = min(range(cpus), key=loads.__getitem__)
        loads[c] += t; assign[c].append(t)
    return assign
