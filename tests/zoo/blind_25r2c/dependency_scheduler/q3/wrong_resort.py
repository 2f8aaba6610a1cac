# wrong (too slow): ready list sorted on every dispatch
import itertools
def run(jobs, workers):
    pos = {n: i for i, n in enumerate(jobs)}
    left = {n: len(set(jobs[n][2])) for n in jobs}
    c = itertools.count()
    ready = [(jobs[n][0], next(c), n) for n in jobs if left[n] == 0]
    running, log, t = [], [], 0
    free = list(range(workers))
    while ready or running:
        ready.sort(); free.sort()
        while ready and free:
            _, _, n = ready.pop(0); w = free.pop(0)
            log.append((n, t, t + jobs[n][1], w)); running.append((t + jobs[n][1], w, n))
        t = min(e for e, _, _ in running)
        rel = []
        for item in [r for r in running if r[0] == t]:
            running.remove(item); free.append(item[1])
            for ch in jobs:
                if item[2] in jobs[ch][2]:
                    left[ch] -= 1
                    if left[ch] == 0:
                        rel.append(ch)
        for ch in sorted(rel, key=pos.get):
            ready.append((jobs[ch][0], next(c), ch))
    return log, max((e for _, _, e, _ in log), default=0)
