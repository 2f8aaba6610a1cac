# 11 q4. Wrong: admits the right jobs but returns them in input order.
# Breaks: "Return the names one pick admits, in priority order"
def pick_batch(jobs, capacity, skip):
    room = capacity
    out = []
    for j in sorted(jobs, key=lambda j: j.priority):
        if j.size <= room:
            out.append(j.name)
            room -= j.size
        elif not skip:
            break
    names = set(out)
    return [j.name for j in jobs if j.name in names]
