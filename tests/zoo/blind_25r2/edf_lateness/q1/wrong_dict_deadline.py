# wrong: a dict keyed by deadline keeps one job per deadline
def edf_order(jobs):
    d = {j.deadline: j for j in jobs}
    return [d[k] for k in sorted(d)]
