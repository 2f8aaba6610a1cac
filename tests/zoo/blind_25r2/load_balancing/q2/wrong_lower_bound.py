# wrong: returns the lower bound max(largest, ceil(total / cpus))
def min_time_contiguous(tasks, cpus):
    if not tasks:
        return 0
    return max(max(tasks), -(-sum(tasks) // cpus))
