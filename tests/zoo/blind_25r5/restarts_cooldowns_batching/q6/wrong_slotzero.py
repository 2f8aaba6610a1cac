# 11 q6. Wrong: tick 0 counted as a slot (a deadline-0 job earns).
# Breaks: "ticks counted from 1"
def max_profit(jobs):
    order = sorted(jobs, key=lambda j: -j.profit)
    n = len(jobs)
    slots = {}
    total = 0
    for j in order:
        t = min(j.deadline, n)
        while t >= 0 and t in slots:
            t -= 1
        if t >= 0:
            slots[t] = j
            total += j.profit
    return (total, [slots[t].name for t in sorted(slots)])
