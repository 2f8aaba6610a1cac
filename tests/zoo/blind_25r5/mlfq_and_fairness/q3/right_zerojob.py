# Exercise 03 q3. RIGHT on the domain: a job of size 0 at the front stops the tenant, but sizes are above 0.
"""Judged right: the q3 statement now says every job size is above 0 (as kit.fair requires, the
reference of q4), and the check draws none of size 0, so the truthiness test `jobs[i]` never
differs from the rule on the question's domain. The tester's note: Exercise 03 q3. WRONG? (domain unclear): a job of size 0 at the front stops the tenant. kit.fair refuses size 0 ("must be > 0") but the statement only says quantum and weights are above 0."""
def drr_round(queues, deficits, weights, quantum):
    served, after = [], {}
    for tenant, jobs in queues.items():
        if not jobs:
            after[tenant] = 0; continue
        d = deficits[tenant] + quantum * weights[tenant]
        i = 0
        while i < len(jobs) and jobs[i] and jobs[i] <= d:
            d -= jobs[i]; served.append((tenant, jobs[i])); i += 1
        after[tenant] = 0 if i == len(jobs) else d
    return served, after
