# mistake: ties broken by position in jobs, not by the moment the job became ready
import heapq
def dispatch_order(jobs):
    need = {n: len(set(v[2])) for n, v in jobs.items()}
    kids = {n: [] for n in jobs}
    for n, v in jobs.items():
        for d in set(v[2]): kids[d].append(n)
    pos = {n: i for i, n in enumerate(jobs)}
    h = [(jobs[n][0], pos[n], n) for n in jobs if need[n] == 0]
    heapq.heapify(h); out = []
    while h:
        _, _, n = heapq.heappop(h); out.append(n)
        for c in kids[n]:
            need[c] -= 1
            if need[c] == 0: heapq.heappush(h, (jobs[c][0], pos[c], c))
    return out
