# Exercise 03 q3. WRONG: tenants with empty queues are left out of the deficits dict.
# Breaks "a new dict with every tenant's deficit".
def drr_round(queues, deficits, weights, quantum):
    served, after = [], {}
    for tenant, jobs in queues.items():
        if not jobs:
            continue
        d = deficits[tenant] + quantum * weights[tenant]
        i = 0
        while i < len(jobs) and jobs[i] <= d:
            d -= jobs[i]; served.append((tenant, jobs[i])); i += 1
        after[tenant] = 0 if i == len(jobs) else d
    return served, after
