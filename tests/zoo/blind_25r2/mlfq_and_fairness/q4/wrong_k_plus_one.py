# wrong: runs k + 1 rounds (round numbers from 0 to k inclusive)
def shares_after(queues, weights, quantum, k):
    qs = {t: list(j) for t, j in queues.items()}  #COPY
    dfc = dict.fromkeys(qs, 0)
    work = dict.fromkeys(qs, 0)
    for _ in range(k + 1):
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
