# right: leaves unserved tenants out; deque; floats
from collections import deque
def shares_after(queues, weights, quantum, k):
    qs = {t: deque(q) for t, q in queues.items()}; d = dict.fromkeys(qs, 0); got = {}
    for _ in range(k):
        if not any(qs.values()): break
        for t, q in qs.items():
            if not q: d[t] = 0; continue
            d[t] += quantum * weights[t]
            while q and q[0] <= d[t]:
                s = q.popleft(); d[t] -= s; got[t] = got.get(t, 0) + s
            if not q: d[t] = 0
    total = sum(got.values())
    return {t: g / total for t, g in got.items() if g} if total else {}
