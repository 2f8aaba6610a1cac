# Exercise 03 q4. RIGHT, unusual: visits tenants in sorted-name order (within a round, tenants do not interact, so
# shares do not depend on visiting order); jobs consumed by index, not deque.
def shares_after(queues, weights, quantum, k):
    pos = dict.fromkeys(queues, 0); d = dict.fromkeys(queues, 0.0); work = dict.fromkeys(queues, 0)
    for _ in range(k):
        for t in sorted(queues):
            jobs = queues[t]
            if pos[t] == len(jobs): d[t] = 0; continue
            d[t] += quantum * weights[t]
            while pos[t] < len(jobs) and jobs[pos[t]] <= d[t]:
                d[t] -= jobs[pos[t]]; work[t] += jobs[pos[t]]; pos[t] += 1
            if pos[t] == len(jobs): d[t] = 0
    total = sum(work.values())
    return {t: w / total for t, w in work.items()} if total else {}
