# RIGHT: sorted(jobs, key=priority) relies on stability
def pick_batch(jobs, capacity, skip):
    order = [jobs.index(j) for j in sorted(jobs, key=lambda j: j.priority)] if len(set(jobs)) == len(jobs) else sorted(range(len(jobs)), key=lambda i: (jobs[i].priority, i))
    room = capacity; out = []
    for i in order:
        j = jobs[i]
        if j.size <= room:
            out.append(j.name); room -= j.size
        elif not skip:
            break
    return out
