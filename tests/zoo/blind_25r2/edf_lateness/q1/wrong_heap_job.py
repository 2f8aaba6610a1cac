# wrong: heap of (deadline, job): equal deadlines compare the Job tuples (by name)
import heapq
def edf_order(jobs):
    h = [(j.deadline, j) for j in jobs]
    heapq.heapify(h)
    return [heapq.heappop(h)[1] for _ in range(len(h))]
