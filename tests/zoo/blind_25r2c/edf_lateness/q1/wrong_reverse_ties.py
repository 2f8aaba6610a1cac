# wrong: sorted descending then reversed (ties come out reversed)
def edf_order(jobs):
    return sorted(jobs, key=lambda j: j.deadline, reverse=True)[::-1]
