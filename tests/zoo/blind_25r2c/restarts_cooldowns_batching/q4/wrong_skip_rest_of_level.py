# wrong: skip=True skips the misfit and every other job of its priority
def pick_batch(jobs, capacity, skip):
    room, out, banned = capacity, [], set()
    for j in sorted(jobs, key=lambda j: j.priority):
        if j.priority in banned:
            continue
        if j.size <= room:
            out.append(j.name); room -= j.size
        elif not skip:
            break
        else:
            banned.add(j.priority)
    return out
