# 11 q6. Wrong: puts each job in the earliest free slot instead of the latest before its deadline.
# Breaks: "the most profit possible"
def max_profit(jobs):
    order = sorted(jobs, key=lambda j: -j.profit)
    n = len(jobs)
    slots = {}
    total = 0
    for j in order:
        t = 1
        while t in slots:
            t += 1
        if t <= j.deadline:
            slots[t] = j
            total += j.profit
    return (total, [slots[t].name for t in sorted(slots)])
