# Exercise 03 q3. WRONG: visits tenants in the order of the deficits dict. Breaks "visiting tenants in the order of queues".
def drr_round(queues, deficits, weights, quantum):
    served, after = [], {}
    for tenant, jobs in ((t, queues[t]) for t in deficits):
        if not jobs:
            after[tenant] = 0; continue
        d = deficits[tenant] + quantum * weights[tenant]
        i = 0
        while i < len(jobs) and jobs[i] <= d:
            d -= jobs[i]; served.append((tenant, jobs[i])); i += 1
        after[tenant] = 0 if i == len(jobs) else d
    return served, after
