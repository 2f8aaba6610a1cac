# wrong: exact subset-sum DP for 2 CPUs, LPT for more
def min_makespan(tasks, cpus):
    if not tasks:
        return 0
    if cpus == 1:
        return sum(tasks)
    if cpus == 2:
        total, reach = sum(tasks), {0}
        for t in tasks:
            reach |= {r + t for r in reach}
        return min(max(r, total - r) for r in reach)
    loads = [0] * cpus
    for t in sorted(tasks, reverse=True):
        c = min(range(cpus), key=loads.__getitem__); loads[c] += t
    return max(loads)
