# wrong: visits tenants in the order of `weights`
def drr_round(queues, deficits, weights, quantum):
    served, after = [], {}
    for t in weights:
        jobs = queues[t]
        if not jobs:
            after[t] = 0; continue
        d, k = deficits[t] + quantum * weights[t], 0
        while k < len(jobs) and jobs[k] <= d:
            d -= jobs[k]; served.append((t, jobs[k])); k += 1
        after[t] = 0 if k == len(jobs) else d
    return served, after
