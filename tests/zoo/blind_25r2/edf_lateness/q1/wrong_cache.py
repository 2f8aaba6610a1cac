# wrong: caches the answer per number of jobs in a default argument
def edf_order(jobs, _c={}):
    if len(jobs) not in _c:
        _c[len(jobs)] = sorted(range(len(jobs)), key=lambda k: jobs[k].deadline)
    return [jobs[k] for k in _c[len(jobs)]]
