# 11 q6. Wrong: sorts the caller's list in place.
# Breaks: the input is the caller's (mutating input)
def max_profit(jobs):
    jobs.sort(key=lambda j: -j.profit)
    order = jobs
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
