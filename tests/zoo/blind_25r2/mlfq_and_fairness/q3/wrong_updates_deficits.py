# wrong: updates the caller's deficits dict in place and returns it
def drr_round(queues, deficits, weights, quantum):
    served = []
    for t, jobs in queues.items():
        if not jobs:
            deficits[t] = 0; continue
        d, k = deficits[t] + quantum * weights[t], 0
        while k < len(jobs) and jobs[k] <= d:
            d -= jobs[k]; served.append((t, jobs[k])); k += 1
        deficits[t] = 0 if k == len(jobs) else d
    return served, deficits
