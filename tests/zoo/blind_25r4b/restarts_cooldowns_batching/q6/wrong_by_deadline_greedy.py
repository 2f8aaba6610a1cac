# WRONG: earliest deadline greedy without exchange
def max_profit(jobs):
    t = 0; chosen = []
    for j in sorted(jobs, key=lambda j: (j.deadline, -j.profit)):
        if t < j.deadline:
            t += 1; chosen.append(j)
    return (sum(j.profit for j in chosen), [j.name for j in chosen])
