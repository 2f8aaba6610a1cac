# 11 q6. Right but unusual: by deadline, a min-heap of kept profits, drop the smallest when over.
import heapq
def max_profit(jobs):
    kept = []
    for i, j in enumerate(sorted(jobs, key=lambda j: j.deadline)):
        if j.deadline < 1:
            continue
        heapq.heappush(kept, (j.profit, i, j))
        if len(kept) > j.deadline:
            heapq.heappop(kept)
    chosen = sorted((e[2] for e in kept), key=lambda j: j.deadline)
    return (sum(j.profit for j in chosen), [j.name for j in chosen])
