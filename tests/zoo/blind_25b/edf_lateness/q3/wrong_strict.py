# mistake: finishing exactly at the deadline counted as late (< instead of <=)
def feasible(jobs):
    t = 0
    for j in sorted(jobs, key=lambda j: j.deadline):
        t += j.duration
        if not t < j.deadline:
            return False
    return True
