# wrong: a deadline of 0 still gets the first tick (max(deadline, 1))
import heapq
def max_profit(jobs):
    h = []
    for i, j in sorted(enumerate(jobs), key=lambda p: max(p[1].deadline, 1)):
        heapq.heappush(h, (j.profit, i, j))
        if len(h) > max(j.deadline, 1):
            heapq.heappop(h)
    chosen = sorted((x[2] for x in h), key=lambda j: j.deadline)
    return (sum(j.profit for j in chosen), [j.name for j in chosen])
