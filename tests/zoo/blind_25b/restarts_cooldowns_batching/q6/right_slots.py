# style: profit-descending, latest free slot <= deadline (array of slots)
def max_profit(jobs):
    n = len(jobs)
    slot = [None] * (n + 1)
    for j in sorted(jobs, key=lambda j: -j.profit):
        d = min(n, j.deadline)
        while d >= 1 and slot[d] is not None:
            d -= 1
        if d >= 1:
            slot[d] = j
    got = [j for j in slot[1:] if j is not None]
    return (sum(j.profit for j in got), [j.name for j in got])
