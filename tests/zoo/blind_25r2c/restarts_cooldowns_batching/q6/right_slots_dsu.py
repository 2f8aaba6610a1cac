# right: richest first, each into the latest free slot at or before its deadline (union-find over slots)
def max_profit(jobs):
    n = len(jobs)
    parent = list(range(n + 1))
    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x
    slot = {}
    for i in sorted(range(n), key=lambda i: -jobs[i].profit):
        j = jobs[i]
        if j.profit <= 0:
            continue
        s = find(min(j.deadline, n)) if j.deadline >= 1 else 0
        if s > 0:
            slot[s] = j
            parent[s] = s - 1
    order = [slot[s] for s in sorted(slot)]
    return sum(j.profit for j in order), [j.name for j in order]
