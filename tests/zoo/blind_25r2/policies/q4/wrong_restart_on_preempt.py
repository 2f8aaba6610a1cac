# wrong: a preempted task starts over (its remaining time is reset to its duration)
def srtf_average_wait(tasks):
    left = {i: t.duration for i, t in enumerate(tasks)}
    fin = {}; t = min(x.arrival for x in tasks); cur = None
    while left:
        ready = [i for i in left if tasks[i].arrival <= t]
        if not ready:
            t = min(tasks[i].arrival for i in left); continue
        i = min(ready, key=lambda i: left[i])
        if cur is not None and cur != i and cur in left:
            left[cur] = tasks[cur].duration
        cur = i
        left[i] -= 1; t += 1
        if left[i] == 0:
            del left[i]; fin[i] = t; cur = None
    return sum(fin[i] - x.arrival - x.duration for i, x in enumerate(tasks)) / len(tasks)
