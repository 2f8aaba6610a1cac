# wrong: greedy drops the job that is late (not the longest)
def min_late_jobs(jobs):
    out = []; t = 0
    for j in sorted(jobs, key=lambda j: j.deadline):
        if t + j.duration <= j.deadline: out.append(j); t += j.duration
    return out
