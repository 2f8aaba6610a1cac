# 11 q6. Wrong: at most 30 time slots are used (deadlines above 30 are cut to 30).
# Breaks: "the most profit possible"
def max_profit(jobs):
    order = sorted(jobs, key=lambda j: -j.profit)
    n = len(jobs)
    slots = {}
    total = 0
    for j in order:
        t = min(j.deadline, n, 30)
        while t >= 1 and t in slots:
            t -= 1
        if t >= 1:
            slots[t] = j
            total += j.profit
    return (total, [slots[t].name for t in sorted(slots)])
