# wrong: stops the rounds as soon as any tenant's queue is empty
def shares_after(queues, weights, quantum, k):
    qs = {t: list(q) for t, q in queues.items()}; d = {t: 0 for t in qs}; got = {t: 0 for t in qs}
    for _ in range(k):
        if any(not q for q in qs.values()): break
        for t, q in qs.items():
            if not q: d[t] = 0; continue
            d[t] += quantum * weights[t]
            while q and q[0] <= d[t]:
                s = q.pop(0); d[t] -= s; got[t] += s
            if not q: d[t] = 0
    total = sum(got.values())
    return {t: g / total for t, g in got.items()} if total else {}
