# mistake: skips a job that does not fit and keeps looking (not "while the next one fits")
def drr_round(queues, deficits, weights, quantum):
    served = []; after = {}
    for t, q in queues.items():
        if not q:
            after[t] = 0; continue
        d = deficits[t] + quantum * weights[t]
        sent = 0
        for s in q:
            if s <= d:
                d -= s; served.append((t, s)); sent += 1
        after[t] = 0 if sent == len(q) else d
    return served, after
