# wrong: assigns longest first round robin (ignores loads)
def lpt(tasks, cpus):
    loads = [0] * cpus
    for i, x in enumerate(sorted(tasks, reverse=True)):
        loads[i % cpus] += x
    return loads
