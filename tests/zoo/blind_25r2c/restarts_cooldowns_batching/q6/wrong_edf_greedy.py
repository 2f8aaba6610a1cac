# wrong: by deadline, take a job when there is room, never displace (first solution, not the best)
def max_profit(jobs):
    taken = []
    for j in sorted(jobs, key=lambda j: j.deadline):
        if len(taken) < j.deadline:
            taken.append(j)
    return (sum(j.profit for j in taken), [j.name for j in taken])
