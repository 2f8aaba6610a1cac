# wrong (too slow): a ready list re-sorted before every pick
import itertools
def dispatch_order(jobs):
    pos = {n: i for i, n in enumerate(jobs)}
    left = {n: len(set(jobs[n][2])) for n in jobs}
    c = itertools.count()
    ready = [(jobs[n][0], next(c), n) for n in jobs if left[n] == 0]
    out = []
    while ready:
        ready.sort()
        n = ready.pop(0)[2]
        out.append(n)
        for ch in jobs:
            if n in jobs[ch][2]:
                left[ch] -= 1
                if left[ch] == 0:
                    ready.append((jobs[ch][0], next(c), ch))
    return out
