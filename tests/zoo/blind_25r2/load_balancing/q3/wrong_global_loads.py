# wrong: loads list at module level, reused across calls
_loads = []
def lpt(tasks, cpus):
    while len(_loads) < cpus:
        _loads.append(0)
    for t in sorted(tasks, reverse=True):
        c = min(range(cpus), key=_loads.__getitem__)
        _loads[c] += t
    return _loads[:cpus]
