# right: early exit once the room left is below every size (nothing else can fit)
def pick_batch(jobs, capacity, skip):
    room, out = capacity, []
    for j in sorted(jobs, key=lambda j: j.priority):
        if j.size <= room:
            out.append(j.name)
            room -= j.size
        elif not skip:
            break
        elif room < min(x.size for x in jobs):
            break
    return out
