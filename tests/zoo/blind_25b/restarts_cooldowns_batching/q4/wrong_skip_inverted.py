# mistake: skip meaning inverted
def pick_batch(jobs, capacity, skip):
    room = capacity; out = []
    for j in sorted(jobs, key=lambda j: j.priority):
        if j.size <= room:
            out.append(j.name); room -= j.size
        elif skip:
            break
    return out
