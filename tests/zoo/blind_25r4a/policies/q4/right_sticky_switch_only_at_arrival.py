# right: keeps the running task unless a newcomer (arriving now) has less left
def srtf_average_wait(tasks):
    left = {i: x.duration for i, x in enumerate(tasks)}; t = 0; tot = 0; cur = None
    while left:
        ready = [i for i in left if tasks[i].arrival <= t]
        if not ready:
            t = min(tasks[i].arrival for i in left); continue
        best = min(ready, key=lambda i: (left[i], tasks[i].arrival, i))
        if cur is None or cur not in left:
            cur = best
        elif tasks[best].arrival == t and left[best] < tasks[cur].duration:
            cur = best
        left[cur] -= 1; t += 1
        if left[cur] == 0:
            del left[cur]; tot += t - tasks[cur].arrival - tasks[cur].duration; cur = None
    return tot / len(tasks)
