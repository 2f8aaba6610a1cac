# wrong: richest first into slot = deadline only, skipped when that slot is taken
def max_profit(jobs):
    slot = {}
    for j in sorted(jobs, key=lambda j: -j.profit):
        if j.deadline >= 1 and j.deadline not in slot:
            slot[j.deadline] = j
    order = [slot[s] for s in sorted(slot)]
    return (sum(j.profit for j in order), [j.name for j in order])
