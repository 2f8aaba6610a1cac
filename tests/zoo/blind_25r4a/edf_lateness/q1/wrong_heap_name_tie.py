# wrong: heap of (deadline, name, job)
import heapq
def edf_order(jobs):
    h = [(j.deadline, j.name, j) for j in jobs]; heapq.heapify(h)
    return [heapq.heappop(h)[2] for _ in range(len(h))]
