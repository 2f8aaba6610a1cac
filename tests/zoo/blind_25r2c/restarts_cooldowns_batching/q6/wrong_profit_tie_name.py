# wrong: total right, but pops the cheapest by name on equal profit and lists names sorted by name
import heapq
def max_profit(jobs):
    h = []
    for j in sorted(jobs, key=lambda j: j.deadline):
        if j.deadline < 1:
            continue
        heapq.heappush(h, (j.profit, j.name, j))
        if len(h) > j.deadline:
            heapq.heappop(h)
    chosen = sorted((x[2] for x in h), key=lambda j: j.name)
    return (sum(j.profit for j in chosen), [j.name for j in chosen])
