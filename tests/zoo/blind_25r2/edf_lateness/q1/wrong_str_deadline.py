# wrong: sorts deadlines as strings ("10" < "9")
def edf_order(jobs):
    return sorted(jobs, key=lambda j: str(j.deadline))
