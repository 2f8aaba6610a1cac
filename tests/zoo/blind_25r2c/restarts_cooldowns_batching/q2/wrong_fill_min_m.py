# wrong: frames approach where every other type fills min(v, m) idle slots (ties over-subtract)
def least_interval(tasks, n):
    counts = {}
    for x in tasks:
        counts[x] = counts.get(x, 0) + 1
    if not counts:
        return 0
    vals = sorted(counts.values(), reverse=True)
    m = vals[0]; idle = (m - 1) * n
    for v in vals[1:]:
        idle -= min(v, m)
    return len(tasks) + max(0, idle)
