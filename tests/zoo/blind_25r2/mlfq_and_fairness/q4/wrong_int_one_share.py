# wrong: a tenant with all the work gets the int 1, not the float 1.0
def shares_after(queues, weights, quantum, k):
    qs = {t: list(j) for t, j in queues.items()}
    dfc = dict.fromkeys(qs, 0); work = dict.fromkeys(qs, 0)
    for _ in range(k):
        for t, jobs in qs.items():
            if not jobs:
                dfc[t] = 0; continue
            dfc[t] += quantum * weights[t]
            while jobs and jobs[0] <= dfc[t]:
                s = jobs.pop(0); dfc[t] -= s; work[t] += s
            if not jobs:
                dfc[t] = 0
    total = sum(work.values())
    return {t: (1 if w == total else w / total) for t, w in work.items()} if total else {}
