# right: heap of (deadline, index)
import heapq
def edf_order(jobs):
    h = [(j.deadline, i) for i, j in enumerate(jobs)]
    heapq.heapify(h)
    return [jobs[heapq.heappop(h)[1]] for _ in range(len(h))]
