# wrong: total / cpus rounded up, ignoring the largest task
def min_makespan(tasks, cpus):
    return -(-sum(tasks) // cpus) if tasks else 0
