# right (unusual): itertools.accumulate + takewhile for the jobs that fit
from itertools import accumulate, takewhile
def drr_round(queues, deficits, weights, quantum):
    served, after = [], {}
    for t, jobs in queues.items():
        credit = deficits[t] + quantum * weights[t] if jobs else 0
        n = len(list(takewhile(lambda s: s <= credit, accumulate(jobs))))
        served.extend((t, s) for s in jobs[:n])
        after[t] = 0 if n == len(jobs) else credit - sum(jobs[:n])
    return served, after
