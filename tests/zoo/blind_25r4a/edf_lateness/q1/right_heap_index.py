# right: heap of (deadline, index)
import heapq
def edf_order(jobs):
    h = [(j.deadline, i, j) for i, j in enumerate(jobs)]; heapq.heapify(h)
    return [heapq.heappop(h)[2] for _ in range(len(h))]
