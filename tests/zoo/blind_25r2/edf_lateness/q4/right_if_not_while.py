# right (unusual): one removal (if, not while) suffices: the removed job is at least as long as the new one
import heapq
def min_late_jobs(jobs):
    kept, h, t = [], [], 0
    for k, j in enumerate(sorted(jobs, key=lambda j: j.deadline)):
        heapq.heappush(h, (-j.duration, k, j)); t += j.duration
        if t > j.deadline:
            d, _, _ = heapq.heappop(h); t += d
    return [j for _, _, j in sorted(h, key=lambda e: e[1])]
