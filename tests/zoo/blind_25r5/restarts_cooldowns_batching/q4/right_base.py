# 11 q4. Right: stable sort by priority, one walk.
def pick_batch(jobs, capacity, skip):
    room = capacity
    out = []
    for j in sorted(jobs, key=lambda j: j.priority):
        if j.size <= room:
            out.append(j.name)
            room -= j.size
        elif not skip:
            break
    return out
