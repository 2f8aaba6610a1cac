# wrong: keeps at most len(jobs) // 2 ... no: keeps the top-k richest where k = max deadline (ignores each deadline)
def max_profit(jobs):
    if not jobs:
        return (0, [])
    k = max(0, max(j.deadline for j in jobs))
    chosen = sorted(jobs, key=lambda j: -j.profit)[:k]
    chosen.sort(key=lambda j: j.deadline)
    return (sum(j.profit for j in chosen), [j.name for j in chosen])
