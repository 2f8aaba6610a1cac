# wrong: jobs of length 0 skipped
def feasible(jobs):
    t = 0
    for j in sorted(jobs, key=lambda j: j.deadline):
        if j.duration == 0: continue
        t += j.duration
        if t > j.deadline: return False
    return True
