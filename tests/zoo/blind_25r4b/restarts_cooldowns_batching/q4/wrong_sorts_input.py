# WRONG: sorts the input list in place
def pick_batch(jobs, capacity, skip):
    jobs.sort(key=lambda j: j.priority)
    room = capacity; out = []
    for j in jobs:
        if j.size <= room:
            out.append(j.name); room -= j.size
        elif not skip:
            break
    return out
