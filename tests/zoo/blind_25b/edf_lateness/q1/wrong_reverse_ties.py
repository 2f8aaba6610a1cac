# mistake: sorts descending then reverses, which reverses equal-deadline order
def edf_order(jobs):
    return list(reversed(sorted(jobs, key=lambda j: j.deadline, reverse=True)))
