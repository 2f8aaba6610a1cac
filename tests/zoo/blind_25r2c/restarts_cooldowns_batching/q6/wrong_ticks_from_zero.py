# wrong: ticks counted from 0 (a deadline d leaves room for d + 1 jobs)
import heapq
def max_profit(jobs):
    h = []
    for i, j in sorted(enumerate(jobs), key=lambda p: p[1].deadline):
        if j.deadline < 0:
            continue
        heapq.heappush(h, (j.profit, i, j))
        if len(h) > j.deadline + 1:
            heapq.heappop(h)
    chosen = sorted((x[2] for x in h), key=lambda j: j.deadline)
    return (sum(j.profit for j in chosen), [j.name for j in chosen])
