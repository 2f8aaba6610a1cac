# Exercise 03 q4. WRONG for k > 4: runs at most 4 rounds. Breaks "run k rounds of DRR".
from collections import deque
def shares_after(queues, weights, quantum, k):
    qs = {t: deque(j) for t, j in queues.items()}
    d = {t: 0 for t in queues}
    work = {t: 0 for t in queues}
    for r in range(min(k, 4)):
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
