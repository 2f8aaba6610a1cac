# wrong: returns the dropped (late) jobs
import heapq
def min_late_jobs(jobs):
    h = []; t = 0; late = []
    for i, j in enumerate(sorted(jobs, key=lambda j: j.deadline)):
        heapq.heappush(h, (-j.duration, i, j)); t += j.duration
        while h and t > j.deadline:
            d, _, x = heapq.heappop(h); t += d; late.append(x)
    return late
