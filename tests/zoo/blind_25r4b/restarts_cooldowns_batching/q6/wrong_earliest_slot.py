# WRONG: greedy takes the earliest free slot
def max_profit(jobs):
    order = sorted(jobs, key=lambda j: -j.profit)
    T = max((j.deadline for j in jobs), default=0)
    slot = [None] * (T + 1)
    for j in order:
        t = 1
        while t <= j.deadline and slot[t] is not None:
            t += 1
        if t <= j.deadline:
            slot[t] = j
    chosen = [j for j in slot[1:] if j is not None]
    return (sum(j.profit for j in chosen), [j.name for j in chosen])
