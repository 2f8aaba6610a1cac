# wrong: visits tenants in sorted name order
def drr_round(queues, deficits, weights, quantum):
    served = []; after = {}
    for t in sorted(queues):
        q = list(queues[t])
        if not q: after[t] = 0; continue
        d = deficits[t] + quantum * weights[t]
        while q and q[0] <= d:
            s = q.pop(0); d -= s; served.append((t, s))
        after[t] = 0 if not q else d
    return served, after
