# wrong: skip True skips only the first misfit, then stops at the next
def pick_batch(jobs, capacity, skip):
    room, out = capacity, []
    for j in sorted(jobs, key=lambda j: j.priority):
        if j.size <= room:
            out.append(j.name)
            room -= j.size
        elif not skip:
            break
        else:
            skip = False
    return out
