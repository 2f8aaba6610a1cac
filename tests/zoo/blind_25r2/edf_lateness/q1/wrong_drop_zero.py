# wrong: drops jobs of length 0 ("nothing to run")
def edf_order(jobs):
    return sorted((j for j in jobs if j.duration), key=lambda j: j.deadline)
