# wrong: longest chain by number of jobs, then its duration
from graphlib import TopologicalSorter
def critical_path(jobs):
    if not jobs:
        return (0, [])
    cnt, prev = {}, {}
    for n in TopologicalSorter({k: v[2] for k, v in jobs.items()}).static_order():
        p = max(jobs[n][2], key=lambda d: cnt[d], default=None)
        cnt[n] = 1 + (cnt[p] if p else 0); prev[n] = p
    end = max(cnt, key=cnt.get); path = []
    while end:
        path.append(end); end = prev[end]
    path.reverse()
    return (sum(jobs[x][1] for x in path), path)
