# mistake: puts each job in the earliest free slot instead of the latest one before its deadline
def max_profit(jobs):
    n = len(jobs)
    slot = [None] * (n + 2)
    for j in sorted(jobs, key=lambda j: -j.profit):
        for d in range(1, min(n, j.deadline) + 1):
            if slot[d] is None:
                slot[d] = j; break
    got = [j for j in slot[1:] if j is not None]
    return (sum(j.profit for j in got), [j.name for j in got])
