# Exercise 03 q4. WRONG type: a read-only MappingProxyType view, not a dict. Breaks "as a dict {tenant: float}".
import types
from collections import deque
def shares_after(queues, weights, quantum, k):
    qs = {t: deque(j) for t, j in queues.items()}
    d = {t: 0 for t in queues}
    work = {t: 0 for t in queues}
    for _ in range(k):
        for t, q in qs.items():
            if not q:
                d[t] = 0; continue
            d[t] += quantum * weights[t]
            while q and q[0] <= d[t]:
                d[t] -= q[0]; work[t] += q.popleft()
            if not q:
                d[t] = 0
    total = sum(work.values())
    if total == 0:
        return {}
    return types.MappingProxyType({t: w / total for t, w in work.items()})
