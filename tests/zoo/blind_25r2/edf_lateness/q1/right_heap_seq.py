# right: heap keyed (deadline, seq)
import heapq
def edf_order(jobs):
    h = [(j.deadline, k, j) for k, j in enumerate(jobs)]
    heapq.heapify(h)
    return [heapq.heappop(h)[2] for _ in range(len(h))]
