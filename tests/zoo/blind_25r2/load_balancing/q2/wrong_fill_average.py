# wrong: one greedy pass filling each CPU up to the average, the last CPU takes the rest
def min_time_contiguous(tasks, cpus):
    if not tasks:
        return 0
    target = sum(tasks) / cpus
    loads, run, used = [], 0, 1
    for t in tasks:
        if run + t > target and run > 0 and used < cpus:
            loads.append(run); run = 0; used += 1
        run += t
    loads.append(run)
    return max(loads)
