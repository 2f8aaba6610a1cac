# mistake: deals the sorted tasks to CPUs in turn instead of to the least loaded
def lpt(tasks, cpus):
    loads = [0] * cpus
    for i, t in enumerate(sorted(tasks, reverse=True)):
        loads[i % cpus] += t
    return loads
