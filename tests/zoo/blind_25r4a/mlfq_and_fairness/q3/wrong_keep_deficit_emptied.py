# wrong: a tenant whose queue empties keeps its leftover deficit
def drr_round(queues, deficits, weights, quantum):
    served = []; after = {}
    for t, q in queues.items():
        q = list(q)
        if not q:
            after[t] = 0; continue
        d = deficits[t] + quantum * weights[t]
        while q and q[0] <= d:
            s = q.pop(0); d -= s; served.append((t, s))
        after[t] = d
    return (served, after)
