# wrong: slots capped at n - 1 (the last slot is never used)
def max_profit(jobs):
    n = len(jobs)
    parent = list(range(n + 1))
    def find(x):
        while parent[x] != x:
            x = parent[x]
        return x
    slot = {}
    for j in sorted(jobs, key=lambda j: -j.profit):
        if j.deadline < 1:
            continue
        s = find(min(j.deadline, max(n - 1, 0)))
        if s > 0:
            slot[s] = j; parent[s] = s - 1
    order = [slot[s] for s in sorted(slot)]
    return (sum(j.profit for j in order), [j.name for j in order])
