# right: group by deadline in a dict (insertion order keeps ties), then walk sorted deadlines
def edf_order(jobs):
    groups = {}
    for j in jobs:
        groups.setdefault(j.deadline, []).append(j)
    return [j for d in sorted(groups) for j in groups[d]]
