# 11 q4. Wrong: ties broken by arrival.
# Breaks: "equal priorities in input order" / "arrival and duration play no part in this pick"
def pick_batch(jobs, capacity, skip):
    room = capacity
    out = []
    for j in sorted(jobs, key=lambda j: (j.priority, j.arrival)):
        if j.size <= room:
            out.append(j.name)
            room -= j.size
        elif not skip:
            break
    return out
