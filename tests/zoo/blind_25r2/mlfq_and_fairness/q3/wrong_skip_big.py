# wrong: skips a job that does not fit and sends smaller ones behind it (not front first)
def drr_round(queues, deficits, weights, quantum):
    served, after = [], {}
    for t, jobs in queues.items():
        if not jobs:
            after[t] = 0; continue
        d, sent = deficits[t] + quantum * weights[t], 0
        for s in jobs:
            if s <= d:
                d -= s; served.append((t, s)); sent += 1
        after[t] = 0 if sent == len(jobs) else d
    return served, after
