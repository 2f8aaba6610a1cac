# wrong: displaces only when the newcomer is richer than the most profitable kept job (max instead of min)
def max_profit(jobs):
    taken = []
    for j in sorted(jobs, key=lambda j: j.deadline):
        if j.deadline < 1:
            continue
        if len(taken) < j.deadline:
            taken.append(j)
        else:
            top = max(taken, key=lambda x: x.profit)
            if j.profit > top.profit:
                taken.remove(top); taken.append(j)
    taken.sort(key=lambda x: x.deadline)
    return (sum(j.profit for j in taken), [j.name for j in taken])
