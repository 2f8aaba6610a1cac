# 11 q6. Wrong: the right jobs, listed in profit order (not an order in which each finishes on time).
# Breaks: "the names of the jobs to run, in an order in which each finishes on time"
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
    return (total, [j.name for j in order if any(s is j for s in slots.values())])
