# wrong: sorted(reverse=True)[::-1] reverses equal deadlines
def edf_order(jobs):
    return sorted(jobs, key=lambda j: j.deadline, reverse=True)[::-1]
