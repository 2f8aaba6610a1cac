# style: Moore-Hodgson with a max-heap of durations, then EDF re-sort of kept jobs
import heapq
def min_late_jobs(jobs):
    js = sorted(enumerate(jobs), key=lambda p: (p[1].deadline, p[0]))
    h = []; t = 0
    for i, j in js:
        heapq.heappush(h, (-j.duration, i, j)); t += j.duration
        if t > j.deadline:
            d, _, _ = heapq.heappop(h); t += d
    kept = sorted(((i, j) for _, i, j in h), key=lambda p: (p[1].deadline, p[0]))
    return [j for _, j in kept]
