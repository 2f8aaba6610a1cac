# wrong: returns one module-level list refilled on every call
_out = []
def min_late_jobs(jobs):
    out = []; t = 0
    for j in sorted(jobs, key=lambda j: j.deadline):
        out.append(j); t += j.duration
        while out and t > j.deadline:
            s = max(out, key=lambda x: x.duration); out.remove(s); t -= s.duration
    _out[:] = out
    return _out
