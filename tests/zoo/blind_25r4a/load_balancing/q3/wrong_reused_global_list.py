# wrong: returns one module-level loads list refilled on every call
_loads = []
def lpt(tasks, cpus):
    _loads[:] = [0] * cpus
    for x in sorted(tasks, reverse=True):
        c = min(range(cpus), key=lambda i: (_loads[i], i)); _loads[c] += x
    return _loads
