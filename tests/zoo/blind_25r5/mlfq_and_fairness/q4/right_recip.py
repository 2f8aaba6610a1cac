# Exercise 03 q4. RIGHT, unusual: shares as w * (1 \/ total) (may differ from w \/ total in the last bit),
# zero shares left out, no reset of emptied deficits (never observable: an empty queue stays empty).
from collections import deque
def shares_after(queues, weights, quantum, k):
    qs = {t: deque(j) for t, j in queues.items()}
    d = dict.fromkeys(queues, 0); work = {}
    for _ in range(k):
        for t, q in qs.items():
            if q:
                d[t] += quantum * weights[t]
                while q and q[0] <= d[t]:
                    x = q.popleft(); d[t] -= x; work[t] = work.get(t, 0) + x
    total = sum(work.values())
    if not total: return {}
    inv = 1.0 / total
    return {t: w * inv for t, w in work.items() if w}
