# wrong: sorts by slack (deadline - duration)
def edf_order(jobs):
    return sorted(jobs, key=lambda j: j.deadline - j.duration)
