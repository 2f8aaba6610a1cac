# mistake: drops the job that made it late instead of the longest so far
def min_late_jobs(jobs):
    t = 0; out = []
    for j in sorted(jobs, key=lambda j: j.deadline):
        if t + j.duration <= j.deadline:
            out.append(j); t += j.duration
    return out
