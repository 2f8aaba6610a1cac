# mistake: path returned from last job to first
from graphlib import TopologicalSorter
def critical_path(jobs):
    if not jobs: return (0, [])
    L = {}; P = {}
    for n in TopologicalSorter({k: v[2] for k, v in jobs.items()}).static_order():
        deps = jobs[n][2]
        b = max(deps, key=lambda d: L[d], default=None)
        L[n] = jobs[n][1] + (L[b] if b is not None else 0); P[n] = b
    end = max(L, key=L.get); path = []
    while end is not None: path.append(end); end = P[end]
    return (L[path[0]], path)
