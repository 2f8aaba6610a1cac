# 11 q6. Right: greedy by profit into the latest free slot.
def max_profit(jobs):
    order = sorted(jobs, key=lambda j: -j.profit)
    n = len(jobs)
    slots = {}
    total = 0
    for j in order:
        t = min(j.deadline, n)
        while t >= 1 and t in slots:
            t -= 1
        if t >= 1:
            slots[t] = j
            total += j.profit
    return (total, [slots[t].name for t in sorted(slots)])
