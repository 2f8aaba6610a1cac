# mistake: by deadline, take a job whenever a slot is left, never swap for a bigger profit
def max_profit(jobs):
    t = 0; got = []
    for j in sorted(jobs, key=lambda j: j.deadline):
        if t + 1 <= j.deadline:
            t += 1; got.append(j)
    return (sum(j.profit for j in got), [j.name for j in got])
