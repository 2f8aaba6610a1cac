# WRONG: size < room
def pick_batch(jobs, capacity, skip):
    order = sorted(range(len(jobs)), key=lambda i: (jobs[i].priority, i))
    room = capacity; out = []
    for i in order:
        j = jobs[i]
        if j.size < room:
            out.append(j.name); room -= j.size
        elif not skip:
            break
    return out
