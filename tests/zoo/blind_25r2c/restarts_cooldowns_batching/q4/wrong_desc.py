# wrong: highest priority number first
def pick_batch(jobs, capacity, skip):
    room, out = capacity, []
    for j in sorted(jobs, key=lambda j: -j.priority):
        if j.size <= room:
            out.append(j.name)
            room -= j.size
        elif not skip:
            break
    return out
