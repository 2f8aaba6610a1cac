# judged right (was wrong_dup_deps_counted): the statement now says a job's deps name distinct jobs, so a repeated dependency is outside the inputs
# wrong: duplicate deps counted twice in the in-degree but released once
import heapq, itertools
def dispatch_order(jobs):
    names = list(jobs)
    pos = {n: i for i, n in enumerate(names)}
    left = {n: len(jobs[n][2]) for n in names}
    children = {n: [] for n in names}
    for n in names:
        for d in set(jobs[n][2]):
            children[d].append(n)
    c = itertools.count()
    heap = [(jobs[n][0], next(c), n) for n in names if left[n] == 0]
    heapq.heapify(heap)
    out = []
    while heap:
        _, _, n = heapq.heappop(heap)
        out.append(n)
        for ch in sorted(children[n], key=pos.__getitem__):
            left[ch] -= 1
            if left[ch] == 0:
                heapq.heappush(heap, (jobs[ch][0], next(c), ch))
    return out
