# mistake: late test t >= deadline (on-time at deadline treated as late)
import heapq
def min_late_jobs(jobs):
    h = []; t = 0
    for i, j in sorted(enumerate(jobs), key=lambda p: (p[1].deadline, p[0])):
        heapq.heappush(h, (-j.duration, i, j)); t += j.duration
        if t >= j.deadline:
            d, _, _ = heapq.heappop(h); t += d
    return [j for _, j in sorted(((i, j) for _, i, j in h), key=lambda p: (p[1].deadline, p[0]))]
