# wrong: counter = position in jobs, not release order
import heapq, itertools
def dispatch_order(jobs):
    names = list(jobs)
    pos = {n: i for i, n in enumerate(names)}
    left = {n: len(set(jobs[n][2])) for n in names}
    children = {n: [] for n in names}
    for n in names:
        for d in set(jobs[n][2]):
            children[d].append(n)
    c = itertools.count()
    heap = [(jobs[n][0], pos[n], n) for n in names if left[n] == 0]
    heapq.heapify(heap)
    out = []
    while heap:
        _, _, n = heapq.heappop(heap)
        out.append(n)
        for ch in sorted(children[n], key=pos.__getitem__):
            left[ch] -= 1
            if left[ch] == 0:
                heapq.heappush(heap, (jobs[ch][0], pos[ch], ch))
    return out
