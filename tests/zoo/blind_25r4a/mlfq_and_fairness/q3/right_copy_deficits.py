# right: starts from dict(deficits) then overwrites
def drr_round(queues, deficits, weights, quantum):
    served = []; after = deficits
    after = dict(after)
    for t, q in queues.items():
        q = list(q)
        if not q: after[t] = 0; continue
        d = deficits[t] + quantum * weights[t]
        while q and q[0] <= d:
            s = q.pop(0); d -= s; served.append((t, s))
        after[t] = 0 if not q else d
    return served, after
