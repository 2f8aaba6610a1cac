# Exercise 03 q3. WRONG: the deficit is floored to an int after the round. Breaks "Credit is work ... may be fractions".
def drr_round(queues, deficits, weights, quantum):
    served, after = [], {}
    for tenant, jobs in queues.items():
        if not jobs:
            after[tenant] = 0; continue
        d = deficits[tenant] + quantum * weights[tenant]
        i = 0
        while i < len(jobs) and jobs[i] <= d:
            d -= jobs[i]; served.append((tenant, jobs[i])); i += 1
        after[tenant] = 0 if i == len(jobs) else int(d)
    return served, after
