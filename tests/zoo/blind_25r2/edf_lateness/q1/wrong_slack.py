# wrong: sorts by slack (deadline - duration) instead of deadline
def edf_order(jobs):
    return sorted(jobs, key=lambda j: j.deadline - j.duration)
