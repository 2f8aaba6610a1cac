# wrong: returns the kept jobs in heap order, not EDF order
import heapq
def min_late_jobs(jobs):
    h, t = [], 0
    for k, j in enumerate(sorted(jobs, key=lambda j: j.deadline)):
        heapq.heappush(h, (-j.duration, k, j)); t += j.duration
        while h and t > j.deadline:
            d, _, _ = heapq.heappop(h); t += d
    return [j for _, _, j in h]
