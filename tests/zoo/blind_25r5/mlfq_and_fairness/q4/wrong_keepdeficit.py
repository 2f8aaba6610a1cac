# Exercise 03 q4. WRONG: deficits carried between calls of one round restart every round (deficit set to 0
# at the start of each round). Breaks DRR's credit carried over rounds ("run k rounds of DRR").
from collections import deque
def shares_after(queues, weights, quantum, k):
    qs = {t: deque(j) for t, j in queues.items()}
    d = {t: 0 for t in queues}
    work = {t: 0 for t in queues}
    for r in range(k):
        d = {t: 0 for t in queues}
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
    return {t: w / total for t, w in work.items()}
