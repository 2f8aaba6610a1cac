# wrong: pops the sent jobs off the caller's lists (mutates `queues`)
def drr_round(queues, deficits, weights, quantum):
    served, after = [], {}
    for t, jobs in queues.items():
        if not jobs:
            after[t] = 0; continue
        d = deficits[t] + quantum * weights[t]
        while jobs and jobs[0] <= d:
            s = jobs.pop(0); d -= s; served.append((t, s))
        after[t] = d if jobs else 0
    return served, after
