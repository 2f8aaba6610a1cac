# wrong: multifit heuristic (binary search with first-fit decreasing), not exact
def min_makespan(tasks, cpus):
    if not tasks:
        return 0
    ts = sorted(tasks, reverse=True)
    def ffd(T):
        bins = []
        for t in ts:
            for k in range(len(bins)):
                if bins[k] + t <= T:
                    bins[k] += t; break
            else:
                bins.append(t)
        return len(bins) <= cpus
    lo, hi = max(ts[0], -(-sum(ts) // cpus)), sum(ts)
    while lo < hi:
        mid = (lo + hi) // 2
        if ffd(mid):
            hi = mid
        else:
            lo = mid + 1
    return lo
