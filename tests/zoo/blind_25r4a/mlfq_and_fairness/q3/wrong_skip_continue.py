# wrong: skips a job that does not fit and sends later smaller ones
def drr_round(queues, deficits, weights, quantum):
    served = []; after = {}
    for t, q in queues.items():
        q = list(q)
        if not q: after[t] = 0; continue
        d = deficits[t] + quantum * weights[t]; rest = []
        for s in q:
            if s <= d: d -= s; served.append((t, s))
            else: rest.append(s)
        after[t] = 0 if not rest else d
    return served, after
