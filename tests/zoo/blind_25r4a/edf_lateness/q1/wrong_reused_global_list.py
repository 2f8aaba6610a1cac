# wrong: returns one module-level list refilled on every call
_out = []
def edf_order(jobs):
    _out[:] = sorted(jobs, key=lambda j: j.deadline)
    return _out
