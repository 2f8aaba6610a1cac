# wrong (correct only for small n): recursion one level per task hits the recursion limit
def fits(tasks, cpus, limit, _i=0, _run=None, _blocks=0):
    if _i == len(tasks):
        return _blocks <= cpus
    t = tasks[_i]
    if t > limit:
        return False
    if _run is None or _run + t > limit:
        return fits(tasks, cpus, limit, _i + 1, t, _blocks + 1)
    return fits(tasks, cpus, limit, _i + 1, _run + t, _blocks)
