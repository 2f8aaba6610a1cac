# Exercise 03 q3. WRONG: a tenant with an empty queue keeps its old deficit.
# Breaks "a tenant with an empty queue earns nothing and ends with deficit 0".
def drr_round(queues, deficits, weights, quantum):
    served, after = [], {}
    for tenant, jobs in queues.items():
        if not jobs:
            after[tenant] = deficits[tenant]; continue
        d = deficits[tenant] + quantum * weights[tenant]
        i = 0
        while i < len(jobs) and jobs[i] <= d:
            d -= jobs[i]; served.append((tenant, jobs[i])); i += 1
        after[tenant] = 0 if i == len(jobs) else d
    return served, after
