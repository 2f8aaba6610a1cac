# WRONG: names in profit order (may miss deadlines)
def max_profit(jobs):
    order = sorted(jobs, key=lambda j: -j.profit)
    T = max((j.deadline for j in jobs), default=0)
    slot = [None] * (T + 1)
    for j in order:
        t = min(j.deadline, T)
        while t >= 1 and slot[t] is not None:
            t -= 1
        if t >= 1:
            slot[t] = j
    chosen = [j for j in slot[1:] if j is not None]
    return (sum(j.profit for j in chosen), [j.name for j in sorted(chosen, key=lambda j: -j.profit)])
