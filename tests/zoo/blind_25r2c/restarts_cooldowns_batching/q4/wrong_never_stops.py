# wrong: keeps filling even when skip is False
def pick_batch(jobs, capacity, skip):
    room, out = capacity, []
    for j in sorted(jobs, key=lambda j: j.priority):
        if j.size <= room:
            out.append(j.name)
            room -= j.size
    return out
