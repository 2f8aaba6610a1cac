# wrong: pops from the caller's lists
def shares_after(queues, weights, quantum, k):
    d = {t: 0 for t in queues}; got = {t: 0 for t in queues}
    for _ in range(k):
        for t, q in queues.items():
            if not q: d[t] = 0; continue
            d[t] += quantum * weights[t]
            while q and q[0] <= d[t]:
                s = q.pop(0); d[t] -= s; got[t] += s
            if not q: d[t] = 0
    total = sum(got.values())
    return {t: g / total for t, g in got.items()} if total else {}
