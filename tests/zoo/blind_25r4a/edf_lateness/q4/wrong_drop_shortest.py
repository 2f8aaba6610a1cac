# wrong: drops the shortest kept job
def min_late_jobs(jobs):
    out = []; t = 0
    for j in sorted(jobs, key=lambda j: j.deadline):
        out.append(j); t += j.duration
        while out and t > j.deadline:
            s = min(out, key=lambda x: x.duration); out.remove(s); t -= s.duration
    return out
