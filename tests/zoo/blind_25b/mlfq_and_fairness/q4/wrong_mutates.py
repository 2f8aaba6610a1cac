# mistake: consumes the caller's queues
def shares_after(queues, weights, quantum, k):
    d = {t: 0 for t in queues}; tot = {t: 0 for t in queues}
    for _ in range(k):
        for t, q in queues.items():
            if not q:
                d[t] = 0; continue
            d[t] += quantum * weights[t]
            while q and q[0] <= d[t]:
                s = q.pop(0); d[t] -= s; tot[t] += s
            if not q: d[t] = 0
    s = sum(tot.values())
    return {} if s == 0 else {t: v / s for t, v in tot.items()}
