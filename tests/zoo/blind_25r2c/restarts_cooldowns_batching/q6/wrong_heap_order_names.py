# wrong: names in heap order, not sorted by deadline
import heapq
def max_profit(jobs):
    h = []
    for i, j in sorted(enumerate(jobs), key=lambda p: p[1].deadline):
        if j.deadline < 1:
            continue
        heapq.heappush(h, (j.profit, i, j))
        if len(h) > j.deadline:
            heapq.heappop(h)
    return (sum(x[0] for x in h), [x[2].name for x in h])
