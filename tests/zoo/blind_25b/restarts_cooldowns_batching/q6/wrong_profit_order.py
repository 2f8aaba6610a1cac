# mistake: returns the chosen names in profit order (not an order in which each is on time)
def max_profit(jobs):
    n = len(jobs)
    slot = [None] * (n + 1); got = []
    for j in sorted(jobs, key=lambda j: -j.profit):
        d = min(n, j.deadline)
        while d >= 1 and slot[d] is not None:
            d -= 1
        if d >= 1:
            slot[d] = j; got.append(j)
    return (sum(j.profit for j in got), [j.name for j in got])
