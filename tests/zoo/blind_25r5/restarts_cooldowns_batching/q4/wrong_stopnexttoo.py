# 11 q4. Wrong: in skip mode, stops once the room left is smaller than the smallest size seen so far... stops at the second misfit.
# Breaks: "skip it and keep filling (skip True)"
def pick_batch(jobs, capacity, skip):
    room = capacity
    out = []
    misses = 0
    for j in sorted(jobs, key=lambda j: j.priority):
        if j.size <= room:
            out.append(j.name)
            room -= j.size
        elif not skip or misses >= 1:
            break
        else:
            misses += 1
    return out
