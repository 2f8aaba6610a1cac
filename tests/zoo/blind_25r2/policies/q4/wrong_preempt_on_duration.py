# wrong: a newcomer preempts when its DURATION is below the running task's duration (not time left);
# otherwise the running task continues
def srtf_average_wait(tasks):
    left = {i: t.duration for i, t in enumerate(tasks)}
    fin = {}; t = min(x.arrival for x in tasks); cur = None
    while left:
        ready = [i for i in left if tasks[i].arrival <= t]
        if not ready:
            t = min(tasks[i].arrival for i in left); continue
        if cur is None or cur not in left:
            cur = min(ready, key=lambda i: left[i])
        else:
            new = [i for i in ready if tasks[i].arrival == t and i != cur]
            if new:
                c = min(new, key=lambda i: tasks[i].duration)
                if tasks[c].duration < tasks[cur].duration:
                    cur = c
        left[cur] -= 1; t += 1
        if left[cur] == 0:
            del left[cur]; fin[cur] = t; cur = None
    return sum(fin[i] - x.arrival - x.duration for i, x in enumerate(tasks)) / len(tasks)
