# wrong: returns LPT's makespan (a heuristic, not the minimum)
def min_makespan(tasks, cpus):
    loads = [0] * cpus
    for t in sorted(tasks, reverse=True):
        c = min(range(cpus), key=loads.__getitem__); loads[c] += t
    return max(loads) if tasks else 0
