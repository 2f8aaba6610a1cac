# Exercise 03 q4. WRONG: a dict of zeros when nothing was served. Breaks "if nothing was served at all, return {}".
from collections import deque
def shares_after(queues, weights, quantum, k):
    qs = {t: deque(j) for t, j in queues.items()}
    d = {t: 0 for t in queues}
    work = {t: 0 for t in queues}
    for r in range(k):
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
        return {t: 0.0 for t in queues}
    return {t: w / total for t, w in work.items()}
