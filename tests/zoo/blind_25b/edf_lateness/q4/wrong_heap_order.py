# mistake: returns the kept jobs in heap order, not an order where all are on time
import heapq
def min_late_jobs(jobs):
    h = []; t = 0
    for i, j in sorted(enumerate(jobs), key=lambda p: (p[1].deadline, p[0])):
        heapq.heappush(h, (-j.duration, i, j)); t += j.duration
        if t > j.deadline:
            d, _, _ = heapq.heappop(h); t += d
    return [j for _, _, j in h]
