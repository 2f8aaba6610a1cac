# wrong: returns one module-level dict reused across calls
_sh = {}
def shares_after(queues, weights, quantum, k):
    qs = {t: list(q) for t, q in queues.items()}; d = {t: 0 for t in qs}; got = {t: 0 for t in qs}
    for _ in range(k):
        for t, q in qs.items():
            if not q:
                d[t] = 0; continue
            d[t] += quantum * weights[t]
            while q and q[0] <= d[t]:
                s = q.pop(0); d[t] -= s; got[t] += s
            if not q: d[t] = 0
    total = sum(got.values())
    if not total: return {}
    _sh.clear(); _sh.update({t: g / total for t, g in got.items()})
    return _sh
