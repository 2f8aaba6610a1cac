# right: heapq keyed (priority, index), popping until stop
import heapq
def pick_batch(jobs, capacity, skip):
    h = [(j.priority, i, j) for i, j in enumerate(jobs)]
    heapq.heapify(h)
    left, names = capacity, []
    while h:
        _, _, j = heapq.heappop(h)
        if j.size > left:
            if skip:
                continue
            return names
        names.append(j.name)
        left -= j.size
    return names
