# mistake: ticks counted from 0: a job with deadline d may take slot 0..d (one slot too many)
def max_profit(jobs):
    n = len(jobs)
    slot = [None] * (n + 1)
    for j in sorted(jobs, key=lambda j: -j.profit):
        d = min(n, j.deadline)
        while d >= 0 and slot[d] is not None:
            d -= 1
        if d >= 0:
            slot[d] = j
    got = [j for j in slot if j is not None]
    return (sum(j.profit for j in got), [j.name for j in got])
