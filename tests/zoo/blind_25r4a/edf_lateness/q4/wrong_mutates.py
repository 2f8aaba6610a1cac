# wrong: sorts the caller list in place
import heapq
def min_late_jobs(jobs):
    jobs.sort(key=lambda j: j.deadline); h = []; t = 0
    for i, j in enumerate(jobs):
        heapq.heappush(h, (-j.duration, i, j)); t += j.duration
        while h and t > j.deadline:
            d, _, _ = heapq.heappop(h); t += d
    return sorted((x[2] for x in h), key=lambda j: j.deadline)
