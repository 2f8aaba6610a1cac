# wrong: forgets to subtract the removed duration
import heapq
def min_late_jobs(jobs):
    h = []; t = 0
    for i, j in enumerate(sorted(jobs, key=lambda j: j.deadline)):
        heapq.heappush(h, (-j.duration, i, j)); t += j.duration
        if t > j.deadline: heapq.heappop(h)
    return sorted((x[2] for x in h), key=lambda j: j.deadline)
