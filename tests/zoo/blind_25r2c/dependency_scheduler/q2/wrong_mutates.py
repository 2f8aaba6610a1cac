# wrong: mutates the input (deletes finished jobs from jobs)
import heapq, itertools
def dispatch_order(jobs):
    c = itertools.count()
    heap = [(p, next(c), n) for n, (p, d, deps) in jobs.items() if not deps]
    heapq.heapify(heap)
    out = []
    while heap:
        n = heapq.heappop(heap)[2]
        out.append(n)
        for ch, (p, d, deps) in list(jobs.items()):
            if n in deps:
                rest = tuple(x for x in deps if x != n)
                jobs[ch] = (p, d, rest)
                if not rest:
                    heapq.heappush(heap, (p, next(c), ch))
    return out
