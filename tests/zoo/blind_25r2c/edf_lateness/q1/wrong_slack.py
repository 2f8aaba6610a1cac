# wrong: least slack first (deadline - duration), not earliest deadline
def edf_order(jobs):
    return sorted(jobs, key=lambda j: j.deadline - j.duration)
