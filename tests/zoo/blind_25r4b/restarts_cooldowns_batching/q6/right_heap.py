# RIGHT: by deadline with a min-heap of profits
import heapq
def max_profit(jobs):
    h = []
    for j in sorted(jobs, key=lambda j: j.deadline):
        if j.deadline < 1: continue
        heapq.heappush(h, (j.profit, j.name, j.deadline))
        if len(h) > j.deadline:
            heapq.heappop(h)
    chosen = sorted(h, key=lambda e: e[2])
    return (sum(p for p, _, _ in chosen), [n for _, n, _ in chosen])
