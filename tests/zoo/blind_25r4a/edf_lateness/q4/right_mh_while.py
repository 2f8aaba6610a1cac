# right: Moore-Hodgson with while (handles negative deadlines)
import heapq
def min_late_jobs(jobs):
    h = []; t = 0; k = 0
    for i, j in enumerate(sorted(jobs, key=lambda j: j.deadline)):
        heapq.heappush(h, (-j.duration, i, j)); t += j.duration
        while h and t > j.deadline:
            d, _, _ = heapq.heappop(h); t += d
    return sorted((x[2] for x in h), key=lambda j: j.deadline)
