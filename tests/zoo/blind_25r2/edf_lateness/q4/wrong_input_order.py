# wrong: Moore-Hodgson over the input order instead of EDF order
def min_late_jobs(jobs):
    kept, t = [], 0
    for j in jobs:
        kept.append(j); t += j.duration
        while kept and t > j.deadline:
            m = max(range(len(kept)), key=lambda k: kept[k].duration)
            t -= kept.pop(m).duration
    return sorted(kept, key=lambda j: j.deadline)
