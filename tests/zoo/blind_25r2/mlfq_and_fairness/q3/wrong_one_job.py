# wrong: sends at most one job per tenant per round
def drr_round(queues, deficits, weights, quantum):
    served, after = [], {}
    for t, jobs in queues.items():
        if not jobs:
            after[t] = 0; continue
        d, k = deficits[t] + quantum * weights[t], 0
        if jobs[0] <= d:
            d -= jobs[0]; served.append((t, jobs[0])); k = 1
        after[t] = 0 if k == len(jobs) else d
    return served, after
