# wrong: greedy by profit per deadline tick (profit / deadline), take if room by count
def max_profit(jobs):
    taken = []
    for j in sorted((j for j in jobs if j.deadline >= 1), key=lambda j: -j.profit / j.deadline):
        trial = sorted(taken + [j], key=lambda x: x.deadline)
        if all(i + 1 <= x.deadline for i, x in enumerate(trial)):
            taken = trial
    return (sum(j.profit for j in taken), [j.name for j in taken])
