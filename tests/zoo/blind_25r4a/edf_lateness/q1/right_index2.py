# right: key by positional field j[2]
def edf_order(jobs):
    return sorted(jobs, key=lambda j: j[2])
