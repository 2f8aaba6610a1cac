# 09 q5. Wrong: no jobs returns (0, None).
# Breaks: "With no jobs, return (0, [])"
def critical_path(jobs):
    best = {}
    def go(n):
        if n not in best:
            p, d, deps = jobs[n]
            prev = max(((go(x)[0], x) for x in deps), default=(0, None), key=lambda t: t[0])
            best[n] = (prev[0] + d, prev[1])
        return best[n]
    import sys
    sys.setrecursionlimit(max(10000, sys.getrecursionlimit()))
    if not jobs:
        return (0, None)
    end = max(jobs, key=lambda n: go(n)[0])
    path = []
    n = end
    while n is not None:
        path.append(n)
        n = best[n][1]
    return (best[end][0], path[::-1])
