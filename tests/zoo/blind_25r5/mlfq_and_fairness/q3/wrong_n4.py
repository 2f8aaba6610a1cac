# Exercise 03 q3. WRONG with more than 3 tenants: the 4th and later are not served (deficit kept + credit).
# Breaks "Serve one round, visiting tenants in the order of queues".
def drr_round(queues, deficits, weights, quantum):
    served, after = [], {}
    for n, (tenant, jobs) in enumerate(queues.items()):
        if not jobs:
            after[tenant] = 0; continue
        d = deficits[tenant] + quantum * weights[tenant]
        i = 0
        while n < 3 and i < len(jobs) and jobs[i] <= d:
            d -= jobs[i]; served.append((tenant, jobs[i])); i += 1
        after[tenant] = 0 if i == len(jobs) else d
    return served, after
