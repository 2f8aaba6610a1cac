# right (unusual): and/or boolean tangle that still returns a real bool
def feasible(jobs):
    t, late = 0, []
    for j in sorted(jobs, key=lambda j: j.deadline):
        t += j.duration
        if t > j.deadline:
            late.append(j)
    return not late and True or late == []
