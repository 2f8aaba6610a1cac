# mistake: greedy: from the longest root, follow the longest next job (not dynamic programming)
def critical_path(jobs):
    if not jobs: return (0, [])
    kids = {n: [] for n in jobs}
    for n, v in jobs.items():
        for d in v[2]: kids[d].append(n)
    roots = [n for n in jobs if not jobs[n][2]]
    n = max(roots, key=lambda r: jobs[r][1]); path = [n]; tot = jobs[n][1]
    while kids[n]:
        n = max(kids[n], key=lambda c: jobs[c][1]); path.append(n); tot += jobs[n][1]
    return (tot, path)
