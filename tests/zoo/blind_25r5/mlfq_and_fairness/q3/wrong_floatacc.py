# Exercise 03 q3. WRONG: the credit is added with quantum rounded to 1 decimal (1.25 -> 1.2).
# Breaks "adds quantum x weight to its deficit" (quantum may be 2.25).
def drr_round(queues, deficits, weights, quantum):
    served, after = [], {}
    for tenant, jobs in queues.items():
        if not jobs:
            after[tenant] = 0; continue
        d = deficits[tenant] + round(quantum, 1) * weights[tenant]
        i = 0
        while i < len(jobs) and jobs[i] <= d:
            d -= jobs[i]; served.append((tenant, jobs[i])); i += 1
        after[tenant] = 0 if i == len(jobs) else d
    return served, after
