# style: walk by deadline, min-heap of kept profits, drop the smallest when over the deadline
import heapq
def max_profit(jobs):
    h = []
    for i, j in enumerate(sorted(jobs, key=lambda j: j.deadline)):
        heapq.heappush(h, (j.profit, i, j))
        while len(h) > max(j.deadline, 0):
            heapq.heappop(h)
    kept = sorted((e[2] for e in h), key=lambda j: j.deadline)
    return (sum(j.profit for j in kept), [j.name for j in kept])
