# wrong: kept jobs returned in input order (may not be on time in that order)
import heapq
def min_late_jobs(jobs):
    h = []; t = 0
    for i, j in enumerate(sorted(jobs, key=lambda j: j.deadline)):
        heapq.heappush(h, (-j.duration, i, j)); t += j.duration
        if t > j.deadline:
            d, _, _ = heapq.heappop(h); t += d
    keep = [x[2] for x in h]
    return [j for j in jobs if j in keep]
