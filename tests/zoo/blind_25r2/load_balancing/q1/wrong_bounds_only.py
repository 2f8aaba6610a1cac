# wrong: only the two lower bounds (largest task, total / cpus)
def fits(tasks, cpus, limit):
    return max(tasks, default=0) <= limit and sum(tasks) <= cpus * limit
