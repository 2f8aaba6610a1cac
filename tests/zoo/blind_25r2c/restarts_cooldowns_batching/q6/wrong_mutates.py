# wrong: sorts the input list in place
import heapq
def max_profit(jobs):
    jobs.sort(key=lambda j: j.deadline)
    h = []
    for i, j in enumerate(jobs):
        if j.deadline < 1:
            continue
        heapq.heappush(h, (j.profit, i, j))
        if len(h) > j.deadline:
            heapq.heappop(h)
    chosen = sorted((x[2] for x in h), key=lambda j: j.deadline)
    return (sum(j.profit for j in chosen), [j.name for j in chosen])
