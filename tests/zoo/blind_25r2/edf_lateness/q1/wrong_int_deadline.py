# wrong: sorts on int(deadline), so 1.7 and 1.2 count as equal (floats truncated)
def edf_order(jobs):
    return sorted(jobs, key=lambda j: int(j.deadline))
