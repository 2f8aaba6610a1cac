# WRONG: skip skips only the first misfit then stops at the next
def pick_batch(jobs, capacity, skip):
    order = sorted(range(len(jobs)), key=lambda i: (jobs[i].priority, i))
    room = capacity; out = []; pick_batch._s = False
    for i in order:
        j = jobs[i]
        if j.size <= room:
            out.append(j.name); room -= j.size
        elif not skip or getattr(pick_batch, '_s', False):
            break
        else:
            pick_batch._s = True
    return out
