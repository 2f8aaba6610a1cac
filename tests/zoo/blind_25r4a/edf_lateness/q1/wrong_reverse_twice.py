# wrong: reverse sort then reversed (equal deadlines come out reversed)
def edf_order(jobs):
    return sorted(jobs, key=lambda j: j.deadline, reverse=True)[::-1]
