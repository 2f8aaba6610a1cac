# style: branch and bound starting from best = sum (all on one CPU), cut load + t >= best, break after the first empty CPU (symmetry)
def min_makespan(tasks, cpus):
    ts = sorted(tasks, reverse=True)
    if not ts: return 0
    best = [sum(ts)]
    loads = [0] * cpus
    def go(i):
        if i == len(ts):
            best[0] = min(best[0], max(loads)); return
        for c in range(cpus):
            if loads[c] + ts[i] >= best[0]: continue
            loads[c] += ts[i]; go(i + 1); loads[c] -= ts[i]
            if loads[c] == 0: break
    go(0)
    return best[0]
