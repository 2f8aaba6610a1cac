# wrong: stores the DP in the input dict (mutates jobs)
from graphlib import TopologicalSorter
def critical_path(jobs):
    if not jobs:
        return (0, [])
    for n in TopologicalSorter({k: v[2] for k, v in jobs.items()}).static_order():
        p, dur, deps = jobs[n][:3]
        best = max(deps, key=lambda d: jobs[d][3], default=None)
        jobs[n] = (p, dur, deps, dur + (jobs[best][3] if best else 0), best)
    end = max(jobs, key=lambda k: jobs[k][3]); total = jobs[end][3]; path = []
    while end:
        path.append(end); end = jobs[end][4]
    return (total, path[::-1])
