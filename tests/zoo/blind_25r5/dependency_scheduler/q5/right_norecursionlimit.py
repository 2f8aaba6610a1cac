# 09 q5. Wrong on big inputs: recursion without raising the limit (a chain of a few thousand jobs raises RecursionError).
# Breaks: the statement holds for every input, not only short chains
def critical_path(jobs):
    best = {}
    def go(n):
        if n not in best:
            p, d, deps = jobs[n]
            prev = max(((go(x)[0], x) for x in deps), default=(0, None), key=lambda t: t[0])
            best[n] = (prev[0] + d, prev[1])
        return best[n]
    import sys
    if not jobs:
        return (0, [])
    end = max(jobs, key=lambda n: go(n)[0])
    path = []
    n = end
    while n is not None:
        path.append(n)
        n = best[n][1]
    return (best[end][0], path[::-1])
