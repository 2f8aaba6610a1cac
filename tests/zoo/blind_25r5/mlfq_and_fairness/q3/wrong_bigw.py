# Exercise 03 q3. WRONG when a weight is above 4: the weight is capped at 4.
# Breaks "a backlogged tenant adds quantum x weight to its deficit".
def drr_round(queues, deficits, weights, quantum):
    served, after = [], {}
    for tenant, jobs in queues.items():
        if not jobs:
            after[tenant] = 0; continue
        d = deficits[tenant] + quantum * min(weights[tenant], 4)
        i = 0
        while i < len(jobs) and jobs[i] <= d:
            d -= jobs[i]; served.append((tenant, jobs[i])); i += 1
        after[tenant] = 0 if i == len(jobs) else d
    return served, after
