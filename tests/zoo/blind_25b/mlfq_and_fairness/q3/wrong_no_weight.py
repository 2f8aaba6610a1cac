# mistake: forgets the weight (adds quantum only)
def drr_round(queues, deficits, weights, quantum):
    served = []; after = {}
    for t, q in queues.items():
        if not q:
            after[t] = 0; continue
        d = deficits[t] + quantum
        i = 0
        while i < len(q) and q[i] <= d:
            d -= q[i]; served.append((t, q[i])); i += 1
        after[t] = 0 if i == len(q) else d
    return served, after
