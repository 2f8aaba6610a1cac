# style: deques copied, k rounds, totals then divide
from collections import deque
def shares_after(queues, weights, quantum, k):
    qs = {t: deque(q) for t, q in queues.items()}
    d = {t: 0 for t in queues}; tot = {t: 0 for t in queues}
    for _ in range(k):
        for t, q in qs.items():
            if not q:
                d[t] = 0; continue
            d[t] += quantum * weights[t]
            while q and q[0] <= d[t]:
                s = q.popleft(); d[t] -= s; tot[t] += s
            if not q: d[t] = 0
    s = sum(tot.values())
    return {} if s == 0 else {t: v / s for t, v in tot.items()}
