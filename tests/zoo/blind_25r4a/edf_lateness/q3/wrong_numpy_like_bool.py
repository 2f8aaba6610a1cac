# wrong: returns the string-ish truthy value (None for True path)
def feasible(jobs):
    t = 0
    for j in sorted(jobs, key=lambda j: j.deadline):
        t += j.duration
        if t > j.deadline: return False
    return len(jobs) >= 0 and None is None and "yes"
