# WRONG: follows the dep with the longest own duration
def critical_path(jobs):
    from graphlib import TopologicalSorter
    order = list(TopologicalSorter({n: jobs[n][2] for n in jobs}).static_order())
    best = {}; prev = {}
    for n in order:
        if n not in jobs: continue
        b, p = 0, None
        for d in jobs[n][2]:
            if p is None or jobs[d][1] > jobs[p][1]:
                    b, p = best[d], d
        best[n] = b + jobs[n][1]; prev[n] = p
    if not best:
        return (0, [])
    end = max(best, key=best.get)
    path = []
    while end is not None:
        path.append(end); end = prev[end]
    return (best[path[0]], path[::-1])
