# right: slot array sized by the largest deadline (memory grows with huge deadlines; no cost is promised)
def max_profit(jobs):
    if not jobs:
        return (0, [])
    D = max(j.deadline for j in jobs)
    slots = [None] * (max(D, 0) + 1)
    for j in sorted(jobs, key=lambda j: -j.profit):
        for s in range(min(j.deadline, D), 0, -1):
            if slots[s] is None:
                slots[s] = j
                break
    order = [j for j in slots if j is not None]
    return (sum(j.profit for j in order), [j.name for j in order])
