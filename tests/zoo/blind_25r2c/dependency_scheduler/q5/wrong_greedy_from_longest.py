# wrong: greedy: start from the longest job, then keep adding its longest dependency
def critical_path(jobs):
    if not jobs:
        return (0, [])
    n = max(jobs, key=lambda k: jobs[k][1])
    path = [n]
    while jobs[n][2]:
        n = max(jobs[n][2], key=lambda d: jobs[d][1]); path.append(n)
    path.reverse()
    return (sum(jobs[p][1] for p in path), path)
