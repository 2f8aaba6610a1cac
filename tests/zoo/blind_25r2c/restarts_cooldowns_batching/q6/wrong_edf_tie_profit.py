# wrong: by (deadline, -profit), take while room, never displace
def max_profit(jobs):
    taken = []
    for j in sorted(jobs, key=lambda j: (j.deadline, -j.profit)):
        if len(taken) < j.deadline:
            taken.append(j)
    return (sum(j.profit for j in taken), [j.name for j in taken])
