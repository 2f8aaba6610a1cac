# wrong: a newcomer preempts when it is shorter than the running task's TOTAL duration
def srtf_average_wait(tasks):
    left = {i: x.duration for i, x in enumerate(tasks)}; t = 0; tot = 0; cur = None
    while left:
        ready = [i for i in left if tasks[i].arrival <= t]
        if not ready:
            t = min(tasks[i].arrival for i in left); continue
        if cur is None:
            cur = min(ready, key=lambda i: (left[i], tasks[i].arrival, i))
        else:
            new = [i for i in ready if tasks[i].arrival == t and i != cur]
            if new:
                b = min(new, key=lambda i: (left[i], i))
                if left[b] < tasks[cur].duration: cur = b
        left[cur] -= 1; t += 1
        if left[cur] == 0:
            del left[cur]; tot += t - tasks[cur].arrival - tasks[cur].duration; cur = None
    return tot / len(tasks)
