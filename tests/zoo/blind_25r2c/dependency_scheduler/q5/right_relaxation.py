# right: repeated relaxation (Bellman-Ford style, V rounds at most), dict of ends
def critical_path(jobs):
    finish = {n: jobs[n][1] for n in jobs}
    via = {n: None for n in jobs}
    changed = True
    while changed:
        changed = False
        for n, (_, dur, deps) in jobs.items():
            for d in deps:
                if finish[d] + dur > finish[n]:
                    finish[n] = finish[d] + dur; via[n] = d; changed = True
    if not finish:
        return 0, []
    n = max(finish, key=finish.get); total = finish[n]; out = []
    while n is not None:
        out.insert(0, n); n = via[n]
    return total, out
