# mistake: released children pushed in the order of the children lists (dep order), not jobs order
import heapq
def dispatch_order(jobs):
    need = {n: len(set(v[2])) for n, v in jobs.items()}
    kids = {n: [] for n in jobs}
    for n in reversed(list(jobs)):
        for d in set(jobs[n][2]): kids[d].append(n)
    seq = 0; h = []
    for n in jobs:
        if need[n] == 0: h.append((jobs[n][0], seq, n)); seq += 1
    heapq.heapify(h); out = []
    while h:
        _, _, n = heapq.heappop(h); out.append(n)
        for c in kids[n]:
            need[c] -= 1
            if need[c] == 0: heapq.heappush(h, (jobs[c][0], seq, c)); seq += 1
    return out
