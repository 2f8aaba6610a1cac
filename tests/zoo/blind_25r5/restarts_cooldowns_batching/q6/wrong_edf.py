# 11 q6. Wrong: earliest deadline first, profit ignored unless late (keeps every job that fits in deadline order).
# Breaks: "the most profit possible"
def max_profit(jobs):
    order = sorted(jobs, key=lambda j: j.deadline)
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
