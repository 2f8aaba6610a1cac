# 09 q5. Wrong: the longest chain by number of jobs, not total duration.
# Breaks: "the total duration of the longest chain"
def critical_path(jobs):
    best = {}
    def go(n):
        if n not in best:
            p, d, deps = jobs[n]
            prev = max(((go(x)[0], x) for x in deps), default=(0, None), key=lambda t: t[0])
            best[n] = (prev[0] + 1, prev[1])
        return best[n]
    import sys
    sys.setrecursionlimit(max(10000, sys.getrecursionlimit()))
    if not jobs:
        return (0, [])
    end = max(jobs, key=lambda n: go(n)[0])
    path = []
    n = end
    while n is not None:
        path.append(n)
        n = best[n][1]
    return (sum(jobs[x][1] for x in path), path[::-1])
