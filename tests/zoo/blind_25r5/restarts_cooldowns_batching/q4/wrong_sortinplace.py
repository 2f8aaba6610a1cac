# 11 q4. Wrong: sorts the caller's list in place.
# Breaks: the input is the caller's (mutating input)
def pick_batch(jobs, capacity, skip):
    room = capacity
    out = []
    jobs.sort(key=lambda j: j.priority)
    for j in jobs:
        if j.size <= room:
            out.append(j.name)
            room -= j.size
        elif not skip:
            break
    return out
