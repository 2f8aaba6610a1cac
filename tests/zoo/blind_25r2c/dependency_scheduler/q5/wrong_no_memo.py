# wrong (exponential): recursion without memo
def critical_path(jobs):
    def longest(n):
        best = (0, [])
        for d in jobs[n][2]:
            c = longest(d)
            if c[0] > best[0] or not best[1]:
                best = c
        return (best[0] + jobs[n][1], best[1] + [n])
    if not jobs:
        return (0, [])
    return max((longest(n) for n in jobs), key=lambda x: x[0])
