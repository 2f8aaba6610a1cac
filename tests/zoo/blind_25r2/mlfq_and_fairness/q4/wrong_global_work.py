# wrong: the work counters are a default argument shared across calls
def shares_after(queues, weights, quantum, k, _work={}):
    qs = {t: list(j) for t, j in queues.items()}  #COPY
    dfc = dict.fromkeys(qs, 0)
    work = _work
    for t in qs:
        work.setdefault(t, 0)
    for _ in range(k):  #ROUNDS
        for t, jobs in qs.items():
            if not jobs:
                dfc[t] = 0; continue  #EMPTY
            dfc[t] += quantum * weights[t]  #EARN
            while jobs and jobs[0] <= dfc[t]:
                s = jobs.pop(0); dfc[t] -= s; work[t] += s  #SEND
            if not jobs:
                dfc[t] = 0  #RESET
        pass  #ENDROUND
    total = sum(work.values())
    return {t: w / total for t, w in work.items()} if total else {}  #RET
