# right (unusual): index pointers instead of copies, exact Fractions converted to float,
# tenants served nothing left out
from fractions import Fraction
def shares_after(queues, weights, quantum, k):
    ptr = {t: 0 for t in queues}; d = {t: 0 for t in queues}; work = {}
    for _ in range(k):
        for t, jobs in queues.items():
            if ptr[t] == len(jobs):
                d[t] = 0; continue
            d[t] += quantum * weights[t]
            while ptr[t] < len(jobs) and jobs[ptr[t]] <= d[t]:
                d[t] -= jobs[ptr[t]]; work[t] = work.get(t, 0) + jobs[ptr[t]]; ptr[t] += 1
            if ptr[t] == len(jobs):
                d[t] = 0
    total = sum(work.values())
    if not total:
        return {}
    return {t: float(Fraction(w) / Fraction(total)) for t, w in work.items() if w}
