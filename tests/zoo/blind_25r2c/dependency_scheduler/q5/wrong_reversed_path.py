# wrong: path from last job to first
from graphlib import TopologicalSorter
def critical_path(jobs):
    if not jobs:
        return (0, [])
    best, prev = {}, {}
    for n in TopologicalSorter({k: v[2] for k, v in jobs.items()}).static_order():
        p = max(jobs[n][2], key=lambda d: best[d], default=None)
        best[n] = jobs[n][1] + (best[p] if p is not None else 0)
        prev[n] = p
    end = max(best, key=best.get)
    path = []
    while end is not None:
        path.append(end); end = prev[end]
    return (best[path[0]], path)
