# right (unusual): copies each queue into a deque and pops from the copy
from collections import deque
def drr_round(queues, deficits, weights, quantum):
    served, after = [], dict()
    for t in queues:
        q = deque(queues[t])
        if not q:
            after[t] = 0
            continue
        credit = deficits[t] + weights[t] * quantum
        while q and q[0] <= credit:
            size = q.popleft(); credit -= size; served += [(t, size)]
        after[t] = credit if q else 0
    return (served, after)
