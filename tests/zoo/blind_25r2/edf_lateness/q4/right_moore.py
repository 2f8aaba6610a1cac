# right: Moore-Hodgson with a max-heap on duration, while loop, then EDF order of the kept jobs
import heapq
def min_late_jobs(jobs):
    idx = sorted(range(len(jobs)), key=lambda k: jobs[k].deadline)
    h, t = [], 0
    for k in idx:
        heapq.heappush(h, (-jobs[k].duration, k)); t += jobs[k].duration
        while h and t > jobs[k].deadline:
            d, r = heapq.heappop(h); t += d
    return [jobs[k] for k in sorted((k for _, k in h), key=lambda k: (jobs[k].deadline, idx.index(k)))]
