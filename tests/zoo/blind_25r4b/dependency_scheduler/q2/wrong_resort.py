# WRONG: re-sorts the ready list on every pick
def dispatch_order(jobs):
    names = list(jobs); pos = {n: i for i, n in enumerate(names)}
    need = {n: len(jobs[n][2]) for n in names}
    ready = [(jobs[n][0], i, n) for i, n in enumerate(names) if need[n] == 0]
    c = len(names); out = []
    while ready:
        ready.sort()
        _, _, n = ready.pop(0)
        out.append(n)
        for k in names:
            if n in jobs[k][2]:
                need[k] -= 1
                if need[k] == 0:
                    ready.append((jobs[k][0], c, k)); c += 1
    return out
