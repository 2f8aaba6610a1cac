# wrong: total as a float
import heapq
def max_profit(jobs):
    h = []
    for i, j in sorted(enumerate(jobs), key=lambda p: p[1].deadline):
        if j.deadline < 1:
            continue
        heapq.heappush(h, (j.profit, i, j))
        if len(h) > j.deadline:
            heapq.heappop(h)
    chosen = sorted((x[2] for x in h), key=lambda j: j.deadline)
    return (float(sum(j.profit for j in chosen)), [j.name for j in chosen])
