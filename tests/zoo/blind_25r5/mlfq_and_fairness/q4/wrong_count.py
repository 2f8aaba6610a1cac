# Exercise 03 q4. WRONG: shares of the NUMBER of jobs, not of work. Breaks "its total job sizes \/ everyone's".
from collections import deque
def shares_after(queues, weights, quantum, k):
    qs = {t: deque(j) for t, j in queues.items()}
    d = {t: 0 for t in queues}; n = {t: 0 for t in queues}
    for r in range(k):
        for t, q in qs.items():
            if not q:
                d[t] = 0; continue
            d[t] += quantum * weights[t]
            while q and q[0] <= d[t]:
                d[t] -= q.popleft(); n[t] += 1
            if not q: d[t] = 0
    tot = sum(n.values())
    return {t: c / tot for t, c in n.items()} if tot else {}
