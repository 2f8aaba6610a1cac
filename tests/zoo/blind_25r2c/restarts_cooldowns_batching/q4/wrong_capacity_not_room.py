# wrong: compares each size with the capacity, not the room left
def pick_batch(jobs, capacity, skip):
    room, out = capacity, []
    for j in sorted(jobs, key=lambda j: j.priority):
        if j.size <= capacity and room > 0:
            out.append(j.name); room -= j.size
        elif not skip:
            break
    return out
