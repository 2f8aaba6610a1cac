# mistake: SJF (non-preemptive) instead of SRTF
def srtf_average_wait(tasks):
    n = len(tasks); left = set(range(n)); t = 0; tot = 0
    while left:
        ready = [i for i in left if tasks[i].arrival <= t]
        if not ready:
            t = min(tasks[i].arrival for i in left); continue
        i = min(ready, key=lambda i: (tasks[i].duration, tasks[i].arrival, i))
        t += tasks[i].duration; left.remove(i)
        tot += t - tasks[i].arrival - tasks[i].duration
    return tot / n
