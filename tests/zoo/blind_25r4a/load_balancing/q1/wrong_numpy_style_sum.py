# wrong: checks only total <= cpus*limit and max <= limit
def fits(tasks, cpus, limit):
    return (not tasks or max(tasks) <= limit) and sum(tasks) <= cpus * limit
