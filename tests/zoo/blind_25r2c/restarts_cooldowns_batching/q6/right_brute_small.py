# right: exact DP over jobs sorted by deadline: best[c] = max profit with c jobs on time
def max_profit(jobs):
    order = sorted(range(len(jobs)), key=lambda i: jobs[i].deadline)
    best = {0: (0, [])}
    for i in order:
        j = jobs[i]
        for c in sorted(best, reverse=True):
            if c + 1 <= j.deadline:
                cand = (best[c][0] + j.profit, best[c][1] + [j.name])
                if c + 1 not in best or cand[0] > best[c + 1][0]:
                    best[c + 1] = cand
    total, names = max(best.values(), key=lambda t: t[0])
    return (total, names)
