# Exercise 03 q4. WRONG: pops served jobs off the caller's lists. Breaks "Do not change queues".
from collections import deque
def shares_after(queues, weights, quantum, k):
    qs = {t: j for t, j in queues.items()}
    d = {t: 0 for t in queues}
    work = {t: 0 for t in queues}
    for r in range(k):
        for t, q in qs.items():
            if not q:
                d[t] = 0; continue
            d[t] += quantum * weights[t]
            while q and q[0] <= d[t]:
                d[t] -= q[0]; work[t] += q.pop(0)
            if not q:
                d[t] = 0
    total = sum(work.values())
    if total == 0:
        return {}
    return {t: w / total for t, w in work.items()}
