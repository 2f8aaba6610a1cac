# wrong: skip=True returns the fullest batch (subset sum), not the greedy pick the statement asks for
from itertools import combinations
def pick_batch(jobs, capacity, skip):
    order = sorted(range(len(jobs)), key=lambda i: jobs[i].priority)
    if not skip:
        room, out = capacity, []
        for i in order:
            if jobs[i].size > room:
                break
            out.append(jobs[i].name); room -= jobs[i].size
        return out
    best = ()
    for r in range(len(order) + 1):
        for comb in combinations(order, r):
            s = sum(jobs[i].size for i in comb)
            if s <= capacity and s > sum(jobs[i].size for i in best):
                best = comb
    return [jobs[i].name for i in best]
