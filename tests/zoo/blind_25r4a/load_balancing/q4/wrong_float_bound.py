# wrong: float division bound returned as float
def min_makespan(tasks, cpus):
    if not tasks: return 0
    return max(max(tasks), sum(tasks) / cpus)
