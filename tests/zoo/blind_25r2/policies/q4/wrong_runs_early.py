# wrong: an idle worker starts the next task before it has arrived
def srtf_average_wait(tasks):
    left = {i: t.duration for i, t in enumerate(tasks)}
    fin = {}; t = min(x.arrival for x in tasks)
    while left:
        ready = [i for i in left if tasks[i].arrival <= t]
        if not ready:
            ready = [min(left, key=lambda i: tasks[i].arrival)]
        i = min(ready, key=lambda i: left[i])
        left[i] -= 1; t += 1
        if left[i] == 0:
            del left[i]; fin[i] = t
    return sum(fin[i] - x.arrival - x.duration for i, x in enumerate(tasks)) / len(tasks)
