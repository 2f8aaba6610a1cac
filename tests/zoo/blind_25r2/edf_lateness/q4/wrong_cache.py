# wrong: default-argument cache keyed by the job names
def min_late_jobs(jobs, _c={}):
    key = tuple(j.name for j in jobs)
    if key in _c:
        return list(_c[key])
    kept, t = [], 0
    for j in sorted(jobs, key=lambda j: j.deadline):
        kept.append(j); t += j.duration
        while kept and t > j.deadline:
            m = max(range(len(kept)), key=lambda k: kept[k].duration)
            t -= kept.pop(m).duration
    _c[key] = kept
    return kept
