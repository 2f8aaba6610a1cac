# wrong: only the running task is compared, and a newcomer never preempts unless strictly less than half (heuristic)
def srtf_average_wait(tasks):
    left = {i: x.duration for i, x in enumerate(tasks)}; t = 0; tot = 0; cur = None
    while left:
        ready = [i for i in left if tasks[i].arrival <= t]
        if not ready:
            t = min(tasks[i].arrival for i in left); continue
        b = min(ready, key=lambda i: (left[i], tasks[i].arrival, i))
        if cur is None or 2 * left[b] < left[cur]: cur = b
        left[cur] -= 1; t += 1
        if left[cur] == 0:
            del left[cur]; tot += t - tasks[cur].arrival - tasks[cur].duration; cur = None
    return tot / len(tasks)
