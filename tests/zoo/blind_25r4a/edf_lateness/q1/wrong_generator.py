# wrong: returns a generator
def edf_order(jobs):
    return (j for j in sorted(jobs, key=lambda j: j.deadline))
