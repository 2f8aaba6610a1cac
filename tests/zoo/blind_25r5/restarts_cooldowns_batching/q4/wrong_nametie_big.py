# 11 q4. Wrong: with more than 8 jobs, equal priorities are ordered by name.
# Breaks: "equal priorities in input order"
def pick_batch(jobs, capacity, skip):
    room = capacity
    out = []
    key = (lambda j: (j.priority, str(j.name))) if len(jobs) > 8 else (lambda j: j.priority)
    for j in sorted(jobs, key=key):
        if j.size <= room:
            out.append(j.name)
            room -= j.size
        elif not skip:
            break
    return out
