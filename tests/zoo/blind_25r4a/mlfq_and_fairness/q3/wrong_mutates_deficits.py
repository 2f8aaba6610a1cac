# wrong: updates the given deficits dict and returns it
def drr_round(queues, deficits, weights, quantum):
    served = []
    for t, q in queues.items():
        q = list(q)
        if not q: deficits[t] = 0; continue
        d = deficits[t] + quantum * weights[t]
        while q and q[0] <= d:
            s = q.pop(0); d -= s; served.append((t, s))
        deficits[t] = 0 if not q else d
    return served, deficits
