# right: deque copy, fits test d - s >= 0
from collections import deque
def drr_round(queues, deficits, weights, quantum):
    served = []; after = {}
    for t in queues:
        q = deque(queues[t])
        if not q:
            after[t] = 0; continue
        d = deficits[t] + quantum * weights[t]
        while q and d - q[0] >= 0:
            d -= q[0]; served.append((t, q.popleft()))
        after[t] = d if q else 0
    return (served, after)
