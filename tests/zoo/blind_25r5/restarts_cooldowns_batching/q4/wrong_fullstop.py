# 11 q4. Wrong: in stop mode, at the first misfit it switches to skipping (keeps filling).
# Breaks: "at the first job that does not fit, stop (skip False)"
def pick_batch(jobs, capacity, skip):
    room = capacity
    out = []
    for j in sorted(jobs, key=lambda j: j.priority):
        if j.size <= room:
            out.append(j.name)
            room -= j.size
        elif not skip:
            blocked = j.priority
            skip = True
            out_guard = blocked
            continue
    return out
