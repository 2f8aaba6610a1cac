# right: DP over EDF order: best[c] = least total time for c on-time jobs (knapsack style)
def min_late_jobs(jobs):
    order = sorted(jobs, key=lambda j: j.deadline)
    best = {0: (0, [])}
    for j in order:
        new = dict(best)
        for c, (t, chosen) in best.items():
            f = t + j.duration
            if f <= j.deadline and (c + 1 not in new or f < new[c + 1][0]):
                new[c + 1] = (f, chosen + [j])
        best = new
    return best[max(best)][1]
