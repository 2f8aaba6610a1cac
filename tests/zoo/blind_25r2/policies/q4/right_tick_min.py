# right: literal one tick at a time with min() over ready tasks
def srtf_average_wait(tasks):
    left = {i: t.duration for i, t in enumerate(tasks)}
    fin = {}
    t = min(x.arrival for x in tasks)
    while left:
        ready = [i for i in left if tasks[i].arrival <= t]
        if not ready:
            t = min(tasks[i].arrival for i in left); continue
        i = min(ready, key=lambda i: left[i])
        left[i] -= 1; t += 1
        if left[i] == 0:
            del left[i]; fin[i] = t
    return float(sum(fin[i] - x.arrival - x.duration for i, x in enumerate(tasks)) / len(tasks))
